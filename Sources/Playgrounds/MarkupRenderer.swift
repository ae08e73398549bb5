import CMarkGFM

/// Renders a playground's markup (CommonMark, parsed by cmark-gfm) as lines for a terminal:
/// wrapped to a width, with ANSI styles or, unstyled, with no escape sequences at all.
public struct MarkupRenderer: Sendable {
    public let width: Int
    public let styled: Bool

    public init(width: Int, styled: Bool) {
        self.width = max(1, width)
        self.styled = styled
    }

    /// The lines to print (without newlines); blocks are separated by one blank line.
    public func render(_ markdown: String) -> [String] {
        CMark.withDocument(markdown) { blocks(in: $0, width: width, depth: 0, tight: false) }
    }

    /// The children of `parent` one after another: a blank line between them unless the list is tight.
    func blocks(in parent: OpaquePointer, width: Int, depth: Int, tight: Bool) -> [String] {
        var lines: [String] = []
        for child in CMark.children(of: parent) {
            let block = self.block(child, width: width, depth: depth)
            if block.isEmpty { continue }
            if !lines.isEmpty && !tight { lines.append("") }
            lines += block
        }
        return lines
    }

    private func block(_ node: OpaquePointer, width: Int, depth: Int) -> [String] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return paragraph(node, style: [], width: width).map(line)
        case CMARK_NODE_HEADING:
            return heading(node, width: width)
        case CMARK_NODE_CODE_BLOCK:
            // Code keeps its own layout: indented, never wrapped.
            return CMark.literalLines(of: node).map { $0.isEmpty ? "" : "    " + line(Cell.text($0, styled ? .code : [])) }
        case CMARK_NODE_HTML_BLOCK:
            return CMark.literalLines(of: node)
        case CMARK_NODE_THEMATIC_BREAK:
            return [String(repeating: "─", count: min(width, 40))]
        case CMARK_NODE_BLOCK_QUOTE:
            // No trailing space on the quote's blank lines.
            return blocks(in: node, width: max(1, width - 2), depth: depth, tight: false)
                .map { $0.isEmpty ? "│" : "│ " + $0 }
        case CMARK_NODE_LIST:
            return list(node, width: width, depth: depth)
        default:
            // Custom blocks and anything newer: their content, as blocks.
            return blocks(in: node, width: width, depth: depth, tight: false)
        }
    }

    private func heading(_ node: OpaquePointer, width: Int) -> [String] {
        let wrapped = paragraph(node, style: styled ? .bold : [], width: width)
        var lines = wrapped.map(line)
        // The underline is part of the text (it shows unstyled too), as wide as the heading.
        let underline: String? = switch cmark_node_get_heading_level(node) {
        case 1: "═"
        case 2: "─"
        default: nil
        }
        if let underline, let widest = wrapped.map(\.count).max(), widest > 0 {
            lines.append(String(repeating: underline, count: widest))
        }
        return lines
    }

    private func list(_ node: OpaquePointer, width: Int, depth: Int) -> [String] {
        let items = CMark.children(of: node)
        let tight = cmark_node_get_list_tight(node) != 0
        let markers: [String]
        if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
            let start = Int(cmark_node_get_list_start(node))
            let delimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
            let numbers = items.indices.map { "\(start + $0)\(delimiter)" }
            // Numbers are right-aligned so that the items' text lines up past 9.
            let widest = numbers.map(\.count).max() ?? 0
            markers = numbers.map { String(repeating: " ", count: widest - $0.count) + $0 + " " }
        } else {
            markers = Array(repeating: depth == 0 ? "• " : "◦ ", count: items.count)
        }
        var lines: [String] = []
        for (item, marker) in zip(items, markers) {
            if !tight && !lines.isEmpty { lines.append("") }
            let indent = String(repeating: " ", count: marker.count)
            let body = blocks(in: item, width: max(1, width - marker.count), depth: depth + 1, tight: tight)
            guard let first = body.first else {
                lines.append(String(marker.dropLast()))
                continue
            }
            lines.append(marker + first)
            lines += body.dropFirst().map { $0.isEmpty ? "" : indent + $0 }
        }
        return lines
    }
}

/// Walking cmark-gfm's tree. Nodes are `OpaquePointer`s: the header declares `cmark_node`
/// without its fields.
enum CMark {
    /// Parses `markdown` as CommonMark (no GFM extensions attached) and frees the tree afterwards.
    static func withDocument<T>(_ markdown: String, _ body: (OpaquePointer) -> T) -> T {
        let length = markdown.utf8.count
        // NULL only when memory runs out: an empty document then.
        let document: OpaquePointer = markdown.withCString { cmark_parse_document($0, length, CMARK_OPT_DEFAULT) }
            ?? cmark_node_new(CMARK_NODE_DOCUMENT)
        defer { cmark_node_free(document) }
        return body(document)
    }

    static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(current)
            child = cmark_node_next(current)
        }
        return children
    }

    static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    static func url(of node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    /// A code or HTML block's text as lines, without the newline that ends its last one.
    static func literalLines(of node: OpaquePointer) -> [String] {
        var text = literal(of: node)
        while text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The text of an inline container with no styling (a link's or an image's words).
    static func plainText(of node: OpaquePointer) -> String {
        children(of: node).map { child in
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: literal(of: child)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: " "
            default: plainText(of: child)
            }
        }.joined()
    }
}
