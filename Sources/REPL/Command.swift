/// One command at the prompt: its name, its help, how it completes and how it runs.
///
/// Each command is a small type in `Commands/`, with its help text beside it. Errors thrown
/// from `run` are shown by the loop as one line, `error: ` and the error's description, so
/// error types conform to `CustomStringConvertible` with a one-line description.
public protocol Command: Sendable {
    /// The word that invokes it.
    var name: String { get }
    /// Other words that invoke it (`exit` for `quit`).
    var aliases: [String] { get }
    /// The usage line: `query NAME=VALUE …`; by default the name, `operands` and `options`.
    var synopsis: String { get }
    /// What the synopsis shows between the name and the options: `NAME ["description"]`.
    var operands: String { get }
    /// The `--options` it takes, each declared once (`CommandOption`).
    var options: [CommandOption] { get }
    /// The options Tab offers after `words` (the words before the one completed).
    func offeredOptions(before words: [String]) -> [CommandOption]
    /// One line for the `help` listing.
    var summary: String { get }
    /// What `help NAME` shows after the synopsis: details and at least one example.
    var help: String { get }
    var group: CommandGroup { get }
    /// Whether `help` names it in its group's line; false for an old name kept working whose
    /// help page is another's (`swift`, now `export swift`).
    var isListed: Bool { get }
    /// Whether its arguments may carry credentials (header values, query items, a URL's query,
    /// curl's `-u`/`-b`), which history masks; everything else is kept exactly as typed.
    var argumentsMayHoldSecrets: Bool { get }
    /// Candidates for the last of `words` (the words after the command name; the last may be empty).
    @MainActor func complete(_ words: [String], session: Session) -> [String]
    /// Runs with `arguments`, the text after the command name, trimmed.
    @MainActor func run(_ arguments: String, session: Session) async throws
}

extension Command {
    public var aliases: [String] { [] }
    public var isListed: Bool { true }
    public var argumentsMayHoldSecrets: Bool { false }
    @MainActor public func complete(_ words: [String], session: Session) -> [String] { [] }
}

/// The command groups, in the order `help` lists them.
public enum CommandGroup: String, CaseIterable, Sendable {
    case build, send, inspect, models, snippets, misc
}

/// A mistake in how a command was used, shown as one line.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
