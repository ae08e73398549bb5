import LineEditor
import WorkbenchKit
import WorkbenchScript

/// Which inputs go on to the next line: only an incomplete but valid beginning does.
///
/// - `body JSON` and `json JSON` continue while the JSON is valid so far but ends too early, and
///   stop at the first line that makes it invalid: that line starts the next input.
/// - `graphql` continues while its query ends too early (a brace or block string open).
/// - `curl` continues while a quote is open or its last line ends in `\`, as a shell does, so a
///   pasted multi-line "Copy as cURL" is one input (`ShellWords`).
/// - Every other command's arguments are one line (`decode [`, a URL with `(`, a verb's
///   `field:=JSON` too): they fail at the end of their line instead of swallowing the next ones.
/// - Anything else is Swift: it continues while all swift-syntax's parser misses is at its end (an
///   open bracket, string or block comment, an `if` without its body; `SwiftCompleteness`).
@MainActor
struct ContinuationRules {
    /// The command an input invokes, nil for Swift: at the prompt the session's reading of it
    /// (`InputReading`), which the run then takes as it is.
    let invocation: (String) -> CommandInvocation?
    /// Swift's rule, which remembers the input so far to parse only each new line; at the prompt
    /// the session's, whose tree of a whole input the run takes.
    let swift: SwiftCompleteness

    /// The rules without a session (a notebook cell split before it runs): a command typed as
    /// itself or after `:`, as the session reads it, without the names its Swift declared.
    init(commands: CommandTable) {
        invocation = { commands.invocation(of: CommandWordRule.forcedCommand($0) ?? $0) }
        swift = SwiftCompleteness()
    }

    init(swift: SwiftCompleteness, invocation: @escaping (String) -> CommandInvocation?) {
        self.swift = swift
        self.invocation = invocation
    }

    func completeness(of text: String) -> InputCompleteness {
        let input = text.drop { $0.isWhitespace }
        guard let invocation = invocation(String(input)) else { return swift.endsTooEarly(text) ? .incomplete : .complete }
        // The arguments as typed: their leading spaces dropped, a trailing line break kept.
        let arguments = String(input.dropFirst(input.prefix { !$0.isWhitespace }.count).drop { $0 == " " || $0 == "\t" })
        if invocation.binding == nil, invocation.command is CurlCommandLine { return ShellWords.completeness(of: arguments) }
        if invocation.binding == nil, invocation.command is GraphQLCommand { return GraphQLCommandLine.completeness(of: arguments) }
        guard invocation.binding == nil, invocation.command is BodyCommand || invocation.command is JSONCommand else { return .complete }
        return Self.jsonCompleteness(of: arguments)
    }

    /// A JSON argument is incomplete when it is valid up to its end and a line break there would
    /// still be valid (an open string cannot take one); lines after the first that break it put
    /// back their last line. An empty argument is not JSON (`body` alone shows the response).
    nonisolated static func jsonCompleteness(of arguments: String) -> InputCompleteness {
        guard !arguments.isEmpty, !arguments.hasPrefix("@"), !arguments.hasPrefix("--") else { return .complete }
        if validBeginning(arguments + "\n") { return .incomplete }
        // One line, a whole document, or a last line that only a line break would break (an open
        // string): the input is all of it, and it fails with the JSON error if it must.
        if !arguments.contains("\n") || isValid(arguments) || validBeginning(arguments) { return .complete }
        // Valid before the last line (that is why it was read), so the last line broke it.
        return .completeBeforeLastLine
    }

    private nonisolated static func isValid(_ json: String) -> Bool {
        (try? JSONValidator.validate(json)) != nil
    }

    /// True when `json` is valid JSON so far and fails only because it ends.
    private nonisolated static func validBeginning(_ json: String) -> Bool {
        do {
            try JSONValidator.validate(json)
            return false
        } catch {
            return error.offset >= json.utf8.count
        }
    }
}
