import CMarkGFM
import Foundation

/// A link in a playground's markup to another of its pages.
public struct MarkupLink: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        case next, previous
        /// A page by its name, percent-encoding removed (`Page%20Two` is "Page Two").
        case page(String)

        /// The page a link's destination names, or nil when it goes elsewhere (a web address,
        /// an anchor, mail). Xcode reads `@next`, `@previous` and bare page names so.
        public init?(destination: String) {
            switch destination {
            case "@next": self = .next
            case "@previous": self = .previous
            case "": return nil
            case _ where destination.contains("://") || destination.hasPrefix("#") || destination.hasPrefix("mailto:"):
                return nil
            default: self = .page(destination.removingPercentEncoding ?? destination)
            }
        }
    }

    public let text: String
    public let target: Target

    public init(text: String, target: Target) {
        self.text = text
        self.target = target
    }
}

extension MarkupRenderer {
    /// The links in `markdown` to other pages of the playground, in the order they appear.
    public static func navigationLinks(in markdown: String) -> [MarkupLink] {
        CMark.withDocument(markdown) { document in
            var links: [MarkupLink] = []
            let iterator = cmark_iter_new(document)
            defer { cmark_iter_free(iterator) }
            while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                      let node = cmark_iter_get_node(iterator),
                      cmark_node_get_type(node) == CMARK_NODE_LINK,
                      let target = MarkupLink.Target(destination: CMark.url(of: node))
                else { continue }
                links.append(MarkupLink(text: CMark.plainText(of: node), target: target))
            }
            return links
        }
    }
}
