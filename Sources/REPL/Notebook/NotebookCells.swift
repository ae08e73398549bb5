import Foundation
import LineEditor
import ModelRuntime
import WorkbenchKit
import WorkbenchScript

/// A session that runs notebook cells (the Jupyter kernel's): a cell is what the prompt reads,
/// one input or several, split where the prompt would end each input and run in turn.
@MainActor
public final class NotebookCells {
    public let session: Session
    private let commands: CommandTable

    /// A session writing to `console`, its sandbox started now and the Swift host warmed up (the
    /// first cell is usually a request, then Swift about its response).
    public init(console: Console, offline: Bool, sandbox: Bool, languageMode: SwiftLanguageMode = .swift5) {
        session = Session(console: console, isInteractive: false)
        commands = session.commands
        session.offline = offline
        session.languageMode = languageMode
        // Output of work an earlier cell left running goes out at once, not at the next flush.
        session.asynchronousOutput = { [console] bytes in
            console.write(bytes: bytes)
            console.flush()
        }
        // Nothing is typed at a kernel: `play` in a cell runs its file once.
        session.waitingLine = { .end }
        Interrupt.installHandler()
        if sandbox { SandboxLauncher.launch(for: session, deferred: false) }
        session.swift.warmUp()
    }

    /// Told of each input as a cell runs it: the kernel holds the text of a request or a decode and
    /// shows it together with the response's JSON or the decoded array's table.
    public weak var observer: (any NotebookCellObserver)?

    /// Runs each input of `code` in turn, stopping at the first that fails; whether all succeeded.
    public func run(_ code: String) async -> Bool {
        for input in Self.inputs(of: code, commands: commands) {
            let kind = richKind(input)
            let exchanges = session.workbench.exchanges.count
            session.models.lastDecoded = nil
            observer?.inputStarting(mayBeRich: kind != nil)
            let succeeded = await session.evaluate(input) && !Interrupt.isPending
            session.console.flush()
            var rich: RichOutput?
            if succeeded, kind == .request, session.workbench.exchanges.count == exchanges + 1, let made = session.workbench.exchanges.last {
                rich = RichOutput(made.response)
            } else if succeeded, kind == .decode, let decoded = session.models.lastDecoded {
                rich = ModelTable.html(decoded).map { .html($0) }
            }
            observer?.inputEnded(rich: rich)
            if !succeeded { return false }
        }
        return true
    }

    private enum RichKind { case request, decode }

    /// What other form `input`'s output may have: a command that sends one request (a verb,
    /// `send`, `curl`) its response's, a `decode` (`let posts = decode [Post]` too) its value's.
    private func richKind(_ input: String) -> RichKind? {
        guard let invocation = commands.invocation(of: input) else { return nil }
        if invocation.command is DecodeCommand { return .decode }
        guard invocation.binding == nil else { return nil }
        return invocation.command is VerbCommand || invocation.command is SendCommand || invocation.command is CurlCommandLine ? .request : nil
    }

    /// Whether the cell is whole as the prompt decides: `.incomplete` when its last input would
    /// read another line.
    public func completeness(of code: String) -> InputCompleteness {
        Self.split(code, commands: commands).unfinished == nil ? .complete : .incomplete
    }

    /// The inputs of `code` as the prompt would read them line by line; an unfinished last one is
    /// an input too (it fails with its own error).
    static func inputs(of code: String, commands: CommandTable) -> [String] {
        let (inputs, unfinished) = split(code, commands: commands)
        return (inputs + [unfinished].compactMap { $0 }).filter { !$0.trimmingWhitespace().isEmpty }
    }

    private static func split(_ code: String, commands: CommandTable) -> (inputs: [String], unfinished: String?) {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        var rules = ContinuationRules(commands: commands)
        var inputs: [String] = []
        var pending: [Substring] = []
        var next = 0
        while next < lines.count {
            pending.append(lines[next])
            switch rules.completeness(of: pending.joined(separator: "\n")) {
            case .incomplete:
                next += 1
                continue
            case .completeBeforeLastLine where pending.count > 1:
                // The last line starts the next input: read it again on its own.
                inputs.append(pending.dropLast().joined(separator: "\n"))
            case .complete, .completeBeforeLastLine:
                inputs.append(pending.joined(separator: "\n"))
                next += 1
            }
            pending = []
            rules = ContinuationRules(commands: commands)
        }
        return (inputs, pending.isEmpty ? nil : pending.joined(separator: "\n"))
    }

    /// Tab's completions at `cursor` (a count of Unicode scalars into `code`): the candidates for
    /// the word before it on its line, and where that word starts.
    public func completions(of code: String, cursor: Int) -> (start: Int, matches: [String]) {
        let cursor = max(cursor, 0)  // a client's, unchecked
        let before = String(String.UnicodeScalarView(code.unicodeScalars.prefix(cursor)))
        let line = String(before.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
        let word = String(line.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let matches = Array(Set(session.completions(before: line).filter { $0.hasPrefix(word) })).sorted()
        return (min(cursor, before.unicodeScalars.count) - word.unicodeScalars.count, matches)
    }

    /// What a tooltip shows for the code at `cursor`: a value or declaration of the session
    /// (`Session.inspection(of:)`), else `help` for the command the word names; nil for neither.
    public func inspection(of code: String, cursor: Int) -> String? {
        let cursor = max(cursor, 0)  // a client's, unchecked
        let scalars = Array(code.unicodeScalars)
        let isWordScalar = { (scalar: Unicode.Scalar) in scalar.properties.isAlphabetic || scalar == "-" || scalar == "_" }
        let isNameScalar = { (scalar: Unicode.Scalar) in scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" }
        // The word at the cursor (a command's name), and the value path that ends with it
        // (`posts[0].title` with the cursor on `title`).
        var start = min(cursor, scalars.count)
        var end = start
        while start > 0, isWordScalar(scalars[start - 1]) { start -= 1 }
        while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<end]))
        var pathStart = min(cursor, scalars.count)
        var pathEnd = pathStart
        while pathStart > 0, isNameScalar(scalars[pathStart - 1]) || ".[]?\"".unicodeScalars.contains(scalars[pathStart - 1]) { pathStart -= 1 }
        while pathEnd < scalars.count, isNameScalar(scalars[pathEnd]) { pathEnd += 1 }
        let path = String(String.UnicodeScalarView(scalars[pathStart..<pathEnd]))
        if let value = session.inspection(of: path) { return value }
        guard let command = commands.command(named: word) else { return nil }
        return HelpCommand.page(of: command, console: session.console).joined(separator: "\n")
    }

    /// Stops what the session started (the Swift host, the playgrounds' folders).
    public func close() {
        session.swiftRunner?.close()
        OpenPlayground.removeFolders()
    }
}
