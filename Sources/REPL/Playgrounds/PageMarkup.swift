import Playgrounds
import WorkbenchKit

/// A page's markup and hidden code, shown around its statements as replay reaches them: the prose
/// before a statement is rendered just before it runs, as Xcode's rendered page reads top to bottom.
@MainActor
final class PageMarkup {
    /// Set before every line of rendered prose, so that prose stands apart from what the code prints.
    static let proseMarker = "┃ "

    private let blocks: [PlaygroundMarkup.Block]
    private let renderer: MarkupRenderer
    private var shownUpTo = 0
    private let hidden: [ClosedRange<Int>]

    init(text: String, width: Int, styled: Bool) {
        blocks = PlaygroundMarkup.blocks(in: text)
        renderer = MarkupRenderer(width: max(20, width - Self.proseMarker.count), styled: styled)
        hidden = blocks.compactMap { block in
            guard case .hidden(let code, let line) = block else { return nil }
            return line...(line + code.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        }
    }

    /// Whether the statement starting at `line` is in a `//#-hidden-code` region.
    func isHidden(_ line: Int) -> Bool { hidden.contains { $0.contains(line) } }

    /// Renders the markup blocks that start before `line` and were not shown yet.
    func show(before line: Int, on console: Console) {
        for (index, block) in blocks.enumerated() where index >= shownUpTo {
            guard block.line < line else { break }
            shownUpTo = index + 1
            if case .markup(let text, _) = block { render(text, on: console) }
        }
        console.flush()
    }

    /// All the page's markup at once (above the results column).
    func showAll(on console: Console) {
        for case .markup(let text, _) in blocks { render(text, on: console) }
        shownUpTo = blocks.count
    }

    private func render(_ text: String, on console: Console) {
        var lines = renderer.render(text)
        while lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { console.line(console.styled(Self.proseMarker, .dim) + line) }
    }
}

extension PlaygroundMarkup.Block {
    var line: Int {
        switch self {
        case .markup(_, let line), .code(_, let line), .hidden(_, let line): line
        }
    }
}
