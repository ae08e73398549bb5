import Foundation

struct HelpCommand: Command {
    let name = "help"
    let synopsis = "help [COMMAND]"
    let summary = "list the commands, or explain one"
    let help = """
        Without a name, lists every command by group. With one, shows its usage, what it
        does and an example. Swift declarations (`struct …`) can be typed at the prompt too.

        Examples:
          wb> help
          wb> help query
        """
    let group = CommandGroup.misc

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? session.commands.names : []
    }

    func run(_ arguments: String, session: Session) async throws {
        let console = session.console
        guard !arguments.isEmpty else {
            listAll(session)
            return
        }
        guard let command = session.commands.command(named: arguments) else {
            let hint = session.commands.suggestion(for: arguments).map { ", did you mean '\($0)'?" } ?? ""
            throw UsageError("no command named '\(arguments)'\(hint)")
        }
        console.line(console.styled(command.synopsis, .bold))
        console.line("  " + command.summary)
        if !command.aliases.isEmpty {
            console.line("  also: " + command.aliases.joined(separator: ", "))
        }
        console.line()
        for line in command.help.split(separator: "\n", omittingEmptySubsequences: false) {
            console.line(line.isEmpty ? "" : "  " + line)
        }
    }

    private func listAll(_ session: Session) {
        let console = session.console
        // Long usage lines get the summary on a line of its own, so the listing fits 80 columns.
        let column = 30
        for group in CommandGroup.allCases {
            let members = session.commands.commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            console.line(console.styled(group.rawValue, .bold))
            for command in members {
                if command.synopsis.count < column - 2 {
                    let padded = command.synopsis.padding(toLength: column, withPad: " ", startingAt: 0)
                    console.line("  " + padded + command.summary)
                } else {
                    console.line("  " + command.synopsis)
                    console.line("  " + String(repeating: " ", count: column) + command.summary)
                }
            }
        }
        console.line()
        console.line("Swift `struct`/`enum` declarations can be typed at the prompt. `help COMMAND` explains one.")
    }
}
