import WorkbenchKit
import WorkbenchScript

/// `set timeout|redirects|body-lines|max-body|color|offline|results|swift VALUE`.
struct SetCommand: StatementCommand {
    let forms: [StatementForm] = [.timeout, .followRedirects, .bodyLines, .maxBody, .colors]
    let name = "set"
    let synopsis = "set [OPTION VALUE]"
    let summary = "change a setting: timeout, redirects, body-lines, max-body, color, offline, results, swift"
    let group = CommandGroup.misc
    let help = """
        timeout     seconds a whole request may take (default 30)
        redirects   whether 3xx redirects are followed (default on)
        body-lines  body lines shown before `… N more lines` (default 40); 0 shows
                    a response's status line only (`body` then shows 40 lines)
        max-body    the largest response body kept, counted after decompression, and
                    the largest file `json @FILE` / `body @FILE` read (default 256MB;
                    sizes like 64KB, 10MB, 1GB); a larger one stops with one line
        color       colours on a terminal (off with NO_COLOR)
        offline     whether the real hosts of the sandbox's APIs are answered by the
                    sandbox (as `workbench --offline`); URLs stay as typed
        results     whether Swift of several lines (a loop, a function and its call) is
                    shown again with each line's values beside it, as in a playground
        swift       the language mode Swift compiles in: 5 (the default, as in a
                    playground and `swiftc`) or 6 (Swift 6's concurrency checking)
        Without arguments, lists the settings.

        Examples:
          wb> set timeout 5
          wb> set body-lines 0
          wb> set redirects off
          wb> set max-body 1GB
          wb> set offline on
          wb> set swift 6
        """

    static let options = ["timeout", "redirects", "body-lines", "max-body", "color", "offline", "results", "swift"]
    static let switches = ["redirects", "color", "offline", "results"]

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last else { return [] }
        if words.count == 1 { return RequestCompletion.matching(last, Self.options) }
        if words.count == 2 && Self.switches.contains(words[0]) { return RequestCompletion.matching(last, ["on", "off"]) }
        if words.count == 2 && words[0] == "swift" { return RequestCompletion.matching(last, SwiftLanguageMode.allCases.map(\.version)) }
        return []
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        let workbench = session.workbench
        if words.isEmpty {
            session.console.line("timeout     \(workbench.timeout) s")
            session.console.line("redirects   \(workbench.followRedirects ? "on" : "off")")
            session.console.line("body-lines  \(workbench.bodyLines)")
            session.console.line("max-body    \(ByteSize.text(workbench.maxBodyBytes))")
            session.console.line("color       \(session.console.colors ? "on" : "off")")
            session.console.line("offline     \(session.offline ? "on" : "off")")
            session.console.line("results     \(session.resultsColumn ? "on" : "off")")
            session.console.line("swift       \(session.languageMode.version)")
            return
        }
        if words.count == 2 && words[0] == "offline" {
            let offline = try Self.onOff(words[1], for: "offline")
            if offline && session.sandboxURL == nil {
                throw UsageError("offline mode needs the sandbox, which is not running (--no-sandbox?)")
            }
            session.offline = offline
            return
        }
        if words.count == 2 && words[0] == "swift" {
            guard let mode = SwiftLanguageMode(typed: words[1]) else {
                throw UsageError("swift takes a language mode, 5 or 6, not '\(words[1])'")
            }
            session.languageMode = mode
            session.console.line(session.console.styled("Swift \(mode.version) language mode from the next input", .dim))
            return
        }
        if words.count == 2 && words[0] == "results" {
            session.resultsColumn = try Self.onOff(words[1], for: "results")
            return
        }
        try await session.perform(try statements(arguments))
    }

    /// `set offline` and the listing belong to the REPL; the other settings are `Workbench` properties.
    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try Arguments.split(arguments)
        guard words.count == 2 else { throw UsageError("set takes an option and a value, as in `set timeout 5`") }
        let value = words[1]
        switch words[0] {
        case "timeout":
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                throw UsageError("timeout '\(value)' is not a number of seconds above 0")
            }
            return [.timeout(seconds)]
        case "redirects": return [.followRedirects(try Self.onOff(value, for: "redirects"))]
        case "body-lines":
            guard let lines = Int(value), lines >= 0 else {
                throw UsageError("body-lines '\(value)' is not a whole number (0 shows the status line only)")
            }
            return [.bodyLines(lines)]
        case "max-body":
            guard let bytes = ByteSize.parse(value) else {
                throw UsageError("max-body '\(value)' is not a size — write it like 64KB, 10MB or 1GB")
            }
            return [.maxBody(bytes)]
        case "color": return [.colors(try Self.onOff(value, for: "color"))]
        default:
            throw UsageError("unknown setting '\(words[0])' — set knows \(Self.options.joined(separator: ", "))")
        }
    }

    static func onOff(_ value: String, for option: String) throws -> Bool {
        switch value.lowercased() {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default: throw UsageError("\(option) takes on or off, not '\(value)'")
        }
    }
}
