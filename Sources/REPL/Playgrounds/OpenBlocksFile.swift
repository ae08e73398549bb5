import Foundation
import WorkbenchKit
import WorkbenchScript

/// A Swift file of `#Playground` blocks that `open` made the session's: the code outside the blocks
/// ran here once, and each block is a page `page NAME` runs, as a tab of Xcode's canvas runs one
/// (docs/playgrounds.md, "#Playground blocks").
@MainActor
final class OpenBlocksFile {
    let url: URL
    let blocks: [PlaygroundBlock]
    /// The file's top-level statements, parsed once: a block is numbered among its neighbours.
    private let items: [SwiftItem]

    private init(url: URL, blocks: [PlaygroundBlock], items: [SwiftItem]) {
        self.url = url
        self.blocks = blocks
        self.items = items
    }

    /// Reads the file, runs the code outside its blocks into the session and lists the blocks; a
    /// file without blocks, or with a syntax error, is one line.
    static func open(_ path: String, session: Session) async throws {
        let url = URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw UsageError("cannot read \(path): \(error.localizedDescription)")
        }
        let script = try SnippetScript(source: text, fileName: url.lastPathComponent)
        let blocks = PlaygroundBlock.blocks(in: script)
        guard !blocks.isEmpty else {
            throw UsageError("\(url.lastPathComponent) has no #Playground blocks: `replay \(Arguments.quoted(path))` runs it")
        }
        let items = SwiftFile(parsing: text).items
        let file = OpenBlocksFile(url: url, blocks: blocks, items: items)
        session.openPlayground = nil
        session.openBlocks = file
        let console = session.console
        console.line(console.styled(url.lastPathComponent, .bold)
            + console.styled(" · \(blocks.count) #Playground \(blocks.count == 1 ? "block" : "blocks")", .dim))
        // Declarations and file-scope values, which every block sees.
        let shared = items.filter { !$0.isPlaygroundBlock }
        if !shared.isEmpty {
            console.line(console.styled("the code outside the blocks runs here first", .dim))
            console.flush()
            try await session.runSwift(shared)
        }
        // An unnamed block is run by its number, the list's first column.
        let names = blocks.map { $0.name ?? "(unnamed)" }
        let width = names.map(\.count).max() ?? 0
        for (block, name) in zip(blocks, names) {
            let title = name.padding(toLength: width, withPad: " ", startingAt: 0)
            console.line(String(format: "%2d  ", block.number) + console.styled(title, .bold) + console.styled("  line \(block.line)", .dim))
        }
        console.line(console.styled("`page NAME` runs a block here; `replay \(Arguments.quoted(path))` runs them all", .dim))
    }

    /// The block a name or number stands for: its name as given, then in any case, then its number.
    func block(named name: String) -> PlaygroundBlock? {
        Self.block(named: name, in: blocks)
    }

    /// The same lookup for `play FILE --block NAME`, which reads the file again on each save.
    static func block(named name: String, in blocks: [PlaygroundBlock]) -> PlaygroundBlock? {
        blocks.first { $0.title == name } ?? blocks.first { $0.title.caseInsensitiveCompare(name) == .orderedSame }
            ?? Int(name).flatMap { number in blocks.first { $0.number == number } }
    }

    /// `no #Playground block 'Nope' in Greetings.swift: 1, In Three Languages, 3`.
    static func noBlock(_ name: String, in blocks: [PlaygroundBlock], file: String) -> String {
        "no #Playground block '\(name)' in \(file): \(blocks.map(\.title).joined(separator: ", "))"
    }

    /// Runs one block into the session, shown first as written; what it declares stays its own
    /// (its body is a closure), what it prints and sends is the session's.
    func run(_ block: PlaygroundBlock, session: Session) async throws {
        let console = session.console
        for line in block.source.split(separator: "\n", omittingEmptySubsequences: false) {
            console.line(console.styled(SnippetReplay.echoMarker + line, .dim))
        }
        console.flush()
        let item = items.filter(\.isPlaygroundBlock)[block.number - 1]
        try await session.runSwift([item])
    }
}
