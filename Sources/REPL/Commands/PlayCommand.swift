import Foundation
import LineEditor
import WorkbenchKit
import WorkbenchScript

/// `play FILE`: runs a Swift file, then runs it again from the first changed statement each time
/// it is saved, keeping the values of the statements above the change. `--block NAME` plays one
/// `#Playground` block of the file with the code outside the blocks.
struct PlayCommand: Command {
    let name = "play"
    var synopsis: String { "play FILE.swift [\(Self.block.spelled)] | play BUNDLE.playground [\(Self.page.spelled)]" }
    static let block = CommandOption("--block", value: "NAME", example: "Greetings.swift --block \"In Three Languages\"",
                                     help: "a .swift file's #Playground block: its name, or its number in `open`")
    static let page = CommandOption("--page", value: "NAME", example: "Networking.playground --page Decoding", help: "a playground bundle's page")
    let options = [Self.block, Self.page]
    let summary = "run a Swift file, and again from the first changed line each time it is saved"
    let help = """
        Runs the file's statements as inputs, then watches it: each time it is saved (in place,
        or by rename as vim saves), the session runs again from the first top-level statement
        that changed (white space and comments aside). The statements above it keep their
        values in the Swift host: their requests are not sent again and their output is not
        printed again. A syntax error is shown at its line, with a caret, and nothing runs; a
        statement that fails stops the run there and the lines below it are stale until the
        next save. A type or function declared below a statement that uses it is declared
        first, as compiled Swift sees it, and a save that changes it runs again from the first
        statement that uses it. Each run ends with a status line
        (`ran lines 9–12 · 0.24 s · saved 12:03:07`).
        At a terminal it draws on the alternate screen: after each run, the file with its results
        column (a line's value, what it printed; a loop's values over its turns), the lines that
        ran marked ▶, the line a run stopped at ✗, the lines below it with their earlier values
        marked stale, then the run's output and the status line. `results N` lists every value
        line N had in the last run. At a terminal `q` or Ctrl-C leaves; piped, a line `q`,
        another line or the end of the input does. The file's values stay bound afterwards, as
        if typed (`steps` lists them).
        A file that is removed is waited for. `workbench play FILE` starts the REPL this way.
        A file of #Playground blocks runs as replay runs it: the code outside the blocks and
        each block in the file's order, a block's body in a scope of its own. With --block
        NAME (a block's name, or its number as `open` lists them) only the code outside the
        blocks and that block run, as `page NAME` runs it, and a save that changes neither
        runs nothing.
        A playground bundle's page (its Contents.swift, or the bundle with --page NAME, or a
        bundle of one page) plays with the bundle's Sources/ and the page's own compiled and
        imported, as `open` and `page` do; a save to a Sources/ file compiles them again and
        runs the page from the top.
        Swift: none (the file is Swift)

        Examples:
          wb> play lesson.swift
          wb> play Greetings.swift --block "In Three Languages"
          wb> play Networking.playground --page "Decoding"
          $ workbench play lesson.swift
        """
    let group = CommandGroup.snippets

    func run(_ arguments: String, session: Session) async throws {
        let (path, block, pageName) = try words(of: arguments)
        let named = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: named.path, isDirectory: &isFolder) else { throw PlayError.missing(named.path) }
        var file = named
        var playground: PlayedPlayground?
        if let bundle = PlayedPlayground.bundle(holding: named) {
            guard block == nil else { throw UsageError("--block picks a #Playground block of a .swift file; a playground's page is --page NAME") }
            let opened = try await PlayedPlayground.open(named, bundleAt: bundle, page: pageName, session: session)
            file = opened.page.file
            playground = opened
        } else {
            guard pageName == nil else { throw UsageError("--page picks a page of a .playground bundle; \(named.lastPathComponent) is none") }
            // Anything else would be read as Swift and fail at its first line with a puzzling error.
            guard file.pathExtension == "swift", !isFolder.boolValue else { throw PlayError.notSwift(file.path) }
        }
        let title = try block.map { try Self.checkBlock($0, in: file) }
        let watcher = try FileWatcher(file, folders: playground?.sourceFolders ?? [])
        let console = session.console
        let what = title.map { "block '\($0)' of \(file.lastPathComponent) with the code outside the blocks: each save runs them" }
            ?? playground.map { "page '\($0.page.name)' of \($0.bundle.url.lastPathComponent): each save runs it" }
            ?? "\(file.lastPathComponent): each save runs it"
        console.line(console.styled("playing \(what) from the first changed line · "
                                    + (session.isInteractive ? "q or Ctrl-C leaves" : "a line or the end of input leaves"), .dim))
        var played = PlayedItems()
        // At a terminal the file and its column are drawn on the alternate screen after each run.
        let display = session.drawsPlayScreen ? PlayDisplay(console: console, title: what, held: session.heldOutput) : nil
        display?.runStarts()
        let first = await session.playRun(file, block: block, played: &played)
        display?.runEnded(first)
        let keys = session.isInteractive ? KeysWhilePlaying() : nil
        defer { keys?.restore() }
        var last = first.status
        while !Interrupt.isPending {
            console.flush()
            if let keys, keys.quitPressed() { break }
            if !session.isInteractive, let waiting = session.waitingLine?(), waiting != .nothing {
                // A line of its own is the next input; `q` only ends play.
                if case .line(let line) = waiting, line != "q" { session.unreadLine?(line) }
                break
            }
            display?.redrawIfResized()
            display?.showHeldOutput()
            let outcome: PlayOutcome
            switch watcher.next(timeout: 100, input: keys == nil ? -1 : STDIN_FILENO) {
            case .saved:
                display?.runStarts()
                outcome = await session.playRun(file, block: block, played: &played, settled: watcher.settled)
                // Read and compiled at once; saved again before it had an effect, it is dropped,
                // and the watcher returns that save at once.
                if outcome.dropped { continue }
            case .removed:
                display?.runStarts()
                outcome = PlayOutcome(status: "\(file.lastPathComponent) was removed: waiting for it to come back", style: .yellow)
                console.line(console.styled(outcome.status, outcome.style))
            case .sourcesChanged:
                guard let playground else { continue }
                display?.runStarts()
                outcome = await session.playAgain(file, after: playground, played: &played)
            case nil: continue
            }
            display?.runEnded(outcome)
            last = outcome.status
        }
        display?.leave()
        if display != nil, !last.isEmpty { console.line(console.styled(last, .dim)) }
        console.line(console.styled("left play: the file's values stay bound (`steps` lists them)", .dim))
    }

    /// The file, the block `--block NAME` names and the page `--page NAME` names (nil without
    /// them), or a usage error.
    private func words(of arguments: String) throws -> (path: String, block: String?, page: String?) {
        let words = try optionWords(arguments)
        guard words.operands.count == 1, let path = words.operands.first else { throw UsageError("usage: \(synopsis)") }
        return (path, words.value(Self.block), words.value(Self.page))
    }

    /// Before anything runs or is watched: a file without blocks, or without that block, is a
    /// usage error. The block's title as the file gives it (`In Three Languages` for `in three
    /// languages`); a file that does not parse yet is left to the run, which shows the error.
    @MainActor
    private static func checkBlock(_ block: String, in file: URL) throws -> String {
        guard let text = try? String(contentsOf: file, encoding: .utf8), let swift = try? SwiftFile(guarded: text), !swift.hasError else { return block }
        switch Session.playedBlock(block, of: text, items: swift.items, name: file.lastPathComponent) {
        case .success(let chosen): return chosen.block.title
        case .failure(let error): throw error
        }
    }
}

/// The terminal while `play` waits: keys are read one by one without echo, so `q` leaves at once;
/// Ctrl-C still comes as a signal.
private final class KeysWhilePlaying {
    private var saved = termios()
    private let changed: Bool

    init() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
            changed = false
            return
        }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        changed = tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0
    }

    /// Whether `q` (or Esc) was typed; other keys are dropped.
    func quitPressed() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) > 0 {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return true }
            if byte == UInt8(ascii: "q") || byte == 0x1B { return true }
        }
        return false
    }

    func restore() {
        if changed { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }
}
