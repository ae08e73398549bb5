import WorkbenchKit

/// A command whose meaning is WorkbenchKit statements: it only parses its arguments; the session
/// runs, records and (through `save`) prints the statements. `docs/ARCHITECTURE.md`, "Commands and
/// statements".
protocol StatementCommand: Command {
    /// The statement forms its arguments can stand for: help's `Swift:` lines are their samples,
    /// as `save` writes them (`StatementForm+Descriptors.swift`).
    var forms: [StatementForm] { get }

    /// The statements `arguments` (the text after the command name, trimmed) stand for; throws a
    /// `UsageError` for arguments it cannot read.
    func statements(_ arguments: String) throws -> [WorkbenchStatement]
}

extension StatementCommand {
    func run(_ arguments: String, session: Session) async throws {
        let statements = try statements(arguments)
        try await session.perform(statements)
        await session.echoURL(after: statements)
    }
}

extension WorkbenchStatement {
    /// `base`, `path`, `query` and `header` statements: the prompt echoes the URL after them.
    var changesURLOrHeaders: Bool {
        switch self {
        case .base, .path, .query, .addQuery, .removeQuery, .header, .defaultHeader, .removeHeader: true
        default: false
        }
    }
}

/// The checks every command's arguments share, so usage errors read the same everywhere.
enum CommandWords {
    /// The words of `arguments`, at most `limit` of them.
    static func atMost(_ limit: Int, _ arguments: String, command: String, what: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        guard words.count <= limit else {
            throw UsageError("\(command) takes \(limit == 1 ? "one \(what)" : "at most \(limit) \(what)s"), got \(words.count) words: '\(arguments)' (quote spaces)")
        }
        return words
    }

    /// Nothing after the command name.
    static func none(_ arguments: String, command: String) throws {
        guard arguments.isEmpty else { throw UsageError("\(command) takes no arguments, got '\(arguments)'") }
    }
}
