import CMarkGFM

/// The styles text can carry; several at once when emphasis nests.
struct MarkupStyle: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let bold = MarkupStyle(rawValue: 1)
    static let dim = MarkupStyle(rawValue: 2)
    static let italic = MarkupStyle(rawValue: 4)
    static let underline = MarkupStyle(rawValue: 8)
    static let code = MarkupStyle(rawValue: 16)

    /// The ANSI sequences that turn the styles on, in a fixed order.
    var escape: String {
        [(MarkupStyle.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.code, "36")]
            .filter { contains($0.0) }
            .map { "\u{1B}[\($0.1)m" }
            .joined()
    }
}

/// One visible character and its styles: wrapping counts these, never escape sequences.
struct Cell {
    let character: Character
    let style: MarkupStyle

    static func text(_ text: String, _ style: MarkupStyle) -> [Cell] {
        text.map { Cell(character: $0, style: style) }
    }
}

extension MarkupRenderer {
    /// An inline container's content, wrapped to `width`: hard breaks start new lines.
    func paragraph(_ node: OpaquePointer, style: MarkupStyle, width: Int) -> [[Cell]] {
        var lines: [[Cell]] = [[]]
        appendInlines(of: node, style: style, to: &lines)
        return lines.flatMap { wrap($0, width: width) }
    }

    /// A line as text: each run of one style between its escape sequence and a reset.
    func line(_ cells: [Cell]) -> String {
        guard styled else { return String(cells.map(\.character)) }
        var result = ""
        var index = cells.startIndex
        while index < cells.endIndex {
            let style = cells[index].style
            let end = cells[index...].firstIndex { $0.style != style } ?? cells.endIndex
            let text = String(cells[index..<end].map(\.character))
            result += style.isEmpty ? text : style.escape + text + "\u{1B}[0m"
            index = end
        }
        return result
    }

    private func appendInlines(of parent: OpaquePointer, style: MarkupStyle, to lines: inout [[Cell]]) {
        func append(_ text: String, _ style: MarkupStyle) {
            lines[lines.count - 1] += Cell.text(text, styled ? style : [])
        }
        for node in CMark.children(of: parent) {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                append(CMark.literal(of: node), style)
            case CMARK_NODE_SOFTBREAK:
                append(" ", style)
            case CMARK_NODE_LINEBREAK:
                lines.append([])
            case CMARK_NODE_CODE:
                // Unstyled, the backticks still say it is code (in a pipe, say).
                let code = CMark.literal(of: node)
                styled ? append(code, style.union(.code)) : append("`" + code + "`", style)
            case CMARK_NODE_EMPH:
                appendInlines(of: node, style: style.union(.italic), to: &lines)
            case CMARK_NODE_STRONG:
                appendInlines(of: node, style: style.union(.bold), to: &lines)
            case CMARK_NODE_LINK:
                appendLink(node, style: style, to: &lines)
            case CMARK_NODE_IMAGE:
                let alt = CMark.plainText(of: node)
                append(alt.isEmpty ? "[image]" : "[image: \(alt)]", style)
                append(" ", style)
                append("(\(CMark.url(of: node)))", style.union(.dim))
            default:
                appendInlines(of: node, style: style, to: &lines)
            }
        }
    }

    private func appendLink(_ node: OpaquePointer, style: MarkupStyle, to lines: inout [[Cell]]) {
        func append(_ text: String, _ style: MarkupStyle) {
            lines[lines.count - 1] += Cell.text(text, styled ? style : [])
        }
        let url = CMark.url(of: node)
        let text = CMark.plainText(of: node)
        if let target = MarkupLink.Target(destination: url) {
            // Pages of the playground: where the link goes, not its address.
            if target == .previous { append("← ", style) }
            appendInlines(of: node, style: style.union(.underline), to: &lines)
            switch target {
            case .next: append(" →", style)
            case .page: append(" ↗", style)
            case .previous: break
            }
        } else if url.isEmpty || text == url || "mailto:" + text == url {
            // An autolink (`<https://…>`) shows its address once.
            appendInlines(of: node, style: style, to: &lines)
        } else {
            appendInlines(of: node, style: style, to: &lines)
            append(" ", style)
            append("(\(url))", style.union(.dim))
        }
    }

    /// Breaks a line at spaces so that each piece fits `width`; a longer word stays whole.
    func wrap(_ cells: [Cell], width: Int) -> [[Cell]] {
        var lines: [[Cell]] = []
        var line: [Cell] = []
        var word: [Cell] = []
        var space = Cell(character: " ", style: [])
        func place() {
            guard !word.isEmpty else { return }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += [space] + word
            } else {
                lines.append(line)
                line = word
            }
            word = []
        }
        for cell in cells {
            if cell.character == " " {
                place()
                // The space keeps its style: "**two words**" is one bold run.
                space = cell
            } else {
                word.append(cell)
            }
        }
        place()
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
