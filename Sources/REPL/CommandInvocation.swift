import WorkbenchKit

/// What an input asks of the command table: the command, its arguments, and for
/// `let NAME = decode …` the name the value is bound to. The one place an input is dispatched:
/// the session runs it, continuation reads it, tests ask it for the statements a line stands for.
struct CommandInvocation {
    let command: any Command
    /// The text after the command name, trimmed.
    let arguments: String
    /// `let NAME =` / `var NAME =` before `decode`.
    let binding: DecodeCall.Binding?

    /// The statements the input stands for, without running them; nil for a command that has none.
    func statements() throws -> [WorkbenchStatement]? {
        if binding != nil { return [.decode(try DecodeArguments.parse(arguments, binding: binding).call)] }
        return try (command as? any StatementCommand)?.statements(arguments)
    }

    @MainActor func run(in session: Session) async throws {
        if let binding { return try await session.runDecode(arguments, bindingTo: binding) }
        try await command.run(arguments, session: session)
    }
}

extension CommandTable {
    /// The command `input` invokes; nil when it is not a command (it may be Swift).
    func invocation(of input: String) -> CommandInvocation? {
        lookups?.add()
        let input = input.trimmingWhitespace()
        if let (binding, arguments) = Self.decodeBinding(input), let decode = command(named: "decode") {
            return CommandInvocation(command: decode, arguments: arguments, binding: binding)
        }
        // A word longer than every command name is none: a pasted megabyte is not read to its end.
        let longest = names.reduce(0) { max($0, $1.count) }
        let name = String(input.prefix(longest + 1).prefix { !$0.isWhitespace })
        guard name.count <= longest, let command = command(named: name) else { return nil }
        let arguments = input.dropFirst(name.count).trimmingWhitespace()
        // `export swift` is the `swift` command, `export curl` the `curl` command.
        // `export curl URL` is not a request to send: ExportCommand says so.
        if command is ExportCommand, let target = ExportCommand.target(in: arguments), let exported = self.command(named: target.name),
           !(exported is CurlCommandLine && !target.arguments.isEmpty) {
            return CommandInvocation(command: exported, arguments: target.arguments, binding: nil)
        }
        return CommandInvocation(command: command, arguments: arguments, binding: nil)
    }

    /// `let NAME = decode …` / `var NAME = decode …`: the binding and the decode's arguments.
    private static func decodeBinding(_ line: String) -> (DecodeCall.Binding, String)? {
        guard line.hasPrefix("let ") || line.hasPrefix("var ") else { return nil }
        let rest = line.dropFirst(4)
        guard let equals = rest.firstIndex(of: "=") else { return nil }
        let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
        let expression = rest[rest.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard let first = name.first, first.isLetter || first == "_",
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              expression == "decode" || expression.hasPrefix("decode ") else { return nil }
        let arguments = expression.dropFirst("decode".count).trimmingCharacters(in: .whitespaces)
        return (DecodeCall.Binding(name: name, isVariable: line.hasPrefix("var ")), arguments)
    }
}
