import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `contents.xcplayground`: the root element's attributes (`version`, `target-platform`,
/// `display-mode`…) and the pages it lists, in order. Version 5 and older bundles list no pages
/// (one `Contents.swift`) and may name a `timeline` file, which is read past.
public struct PlaygroundFormat: Sendable, Equatable {
    public let version: String
    /// `ios`, `macos`, `tvos`; `osx` in old bundles.
    public let targetPlatform: String?
    /// Every attribute of `<playground>`, as written.
    public let attributes: [String: String]
    public let pageNames: [String]

    /// The format versions Xcode has written (6 since pages came in Xcode 7; 7 in Xcode 16).
    public var isKnownVersion: Bool { ["3.0", "4.0", "5.0", "6.0", "7.0"].contains(version) }

    init(version: String, targetPlatform: String?, attributes: [String: String], pageNames: [String]) {
        self.version = version
        self.targetPlatform = targetPlatform
        self.attributes = attributes
        self.pageNames = pageNames
    }

    /// Reads the XML; one that does not parse, or whose root is not `<playground>`, is one line.
    init(xml: Data) throws(PlaygroundError) {
        let reader = Reader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        // On Linux `parse()` can return true after an error (a tag left open): the delegate's first
        // error decides.
        let parsed = parser.parse()
        if let other = reader.otherRoot { throw PlaygroundError("contents.xcplayground's root is <\(other)>, not <playground>") }
        if let error = reader.firstError ?? (parsed ? nil : (code: (parser.parserError as NSError?)?.code ?? 0, line: parser.lineNumber)) {
            throw PlaygroundError("contents.xcplayground: not well-formed XML (libxml2 error \(error.code), line \(error.line))")
        }
        guard let root = reader.root else { throw PlaygroundError("contents.xcplayground has no <playground> element") }
        self.init(version: root["version"] ?? "6.0", targetPlatform: root["target-platform"], attributes: root,
                  pageNames: reader.pageNames)
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: [String: String]?
        var otherRoot: String?
        var firstError: (code: Int, line: Int)?
        var pageNames: [String] = []
        private var depth = 0
        private var inPages = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            if depth == 1 {
                if name == "playground" {
                    root = attributes
                } else {
                    otherRoot = name
                    parser.abortParsing()
                }
            } else if depth == 2 && name == "pages" {
                inPages = true
            } else if depth == 3 && inPages && name == "page", let page = attributes["name"] {
                pageNames.append(page)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            if firstError == nil { firstError = ((error as NSError).code, parser.lineNumber) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if depth == 2 && name == "pages" { inPages = false }
            depth -= 1
        }
    }
}
