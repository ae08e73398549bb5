import Foundation
import Sandbox
import WorkbenchKit
import WorkbenchScript

struct HelpCommand: Command {
    let name = "help"
    let synopsis = "help [COMMAND | swift]"
    let summary = "list the commands, or explain one (`help swift`: Swift at the prompt)"
    let help = """
        Without a name, lists the commands by group, one line each (it fits a 24-row terminal).
        With one, shows its usage, what it does, its Swift statement and an example.
        `help swift` explains the Swift side of the prompt.
        Swift: none (help is for the prompt; a snippet has its comments)

        Examples:
          wb> help
          wb> help query
          wb> help swift
        """
    let group = CommandGroup.misc

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? session.commands.names + ["swift"] : []
    }

    func run(_ arguments: String, session: Session) async throws {
        let console = session.console
        guard !arguments.isEmpty else {
            listAll(session)
            return
        }
        if arguments == "swift" || SwiftHelp.keywords.contains(arguments) {
            SwiftHelp.text.split(separator: "\n", omittingEmptySubsequences: false).forEach { console.line(String($0)) }
            console.line()
            console.line(SwiftHelp.modeLine(session.languageMode))
            console.line(CommandWordRule.summary)
            return
        }
        guard let command = session.commands.command(named: arguments) else {
            let hint = session.commands.suggestion(for: arguments).map { ", did you mean '\($0)'?" }
                ?? " — `help` lists them, `help swift` explains the Swift you can type"
            throw UsageError("no command named '\(arguments)'\(hint)")
        }
        for line in Self.page(of: command, console: console) { console.line(line) }
    }

    /// `help COMMAND`'s lines: synopsis, summary, aliases, then the help indented (also a
    /// notebook's inspection of the command).
    static func page(of command: any Command, console: Console) -> [String] {
        var page = [console.styled(command.synopsis, .bold), "  " + command.summary]
        if !command.aliases.isEmpty { page.append("  also: " + command.aliases.joined(separator: ", ")) }
        page.append("")
        return page + lines(of: command).map { $0.isEmpty ? "" : "  " + $0 }
    }

    /// The command's help; a statement command's `Swift:` lines (each form's sample, as `save`
    /// writes it), then the options the command declares, go before its examples.
    static func lines(of command: any Command) -> [String] {
        var lines = command.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func insertBeforeExamples(_ inserted: [String]) {
            var position = lines.firstIndex { $0.hasPrefix("Example") } ?? lines.count
            if position > 0, lines[position - 1].isEmpty { position -= 1 }
            lines.insert(contentsOf: inserted, at: position)
        }
        if let statementCommand = command as? any StatementCommand {
            insertBeforeExamples(statementCommand.forms.enumerated().map { index, form in
                (index == 0 ? "Swift: " : "       ") + TranscriptSnippet.savedSource(of: form.descriptor.sample, sandboxRoot: nil)
            })
        }
        let options = command.options.helpLines
        if !options.isEmpty { insertBeforeExamples([""] + options) }
        return lines
    }

    /// Where a newcomer starts: a first request, a model for its body, and a decode into it.
    static let firstSteps = "Start here: `get sandbox/jsonplaceholder/posts`, `infer Post`, `decode [Post]`"

    /// The first steps, one line per group (the whole list fits a 24-row terminal; `help NAME` has
    /// the detail), and the sandbox's APIs.
    private func listAll(_ session: Session) {
        let console = session.console
        console.line(Self.firstSteps)
        console.line()
        let column = 10
        for group in CommandGroup.allCases {
            let members = session.commands.commands.filter { $0.group == group && $0.isListed }
            guard !members.isEmpty else { continue }
            let label = console.styled(group.rawValue, .bold) + String(repeating: " ", count: column - group.rawValue.count)
            console.line(label + members.map(\.name).joined(separator: " "))
        }
        let swift = "Swift"
        console.line(console.styled(swift, .bold) + String(repeating: " ", count: column - swift.count)
            + "let/var, expressions, struct/enum/func, loops, wb.… — `help swift`")
        let sandbox = "sandbox"
        console.line(console.styled(sandbox, .bold) + String(repeating: " ", count: column - sandbox.count)
            + SandboxCatalog.apis.map(\.name).joined(separator: " ") + " (`sandbox`)")
        console.line()
        console.line("`help NAME` shows a command's usage, its Swift statement and an example.")
        console.line(CommandWordRule.summary)
    }
}

/// `help swift`: what Swift typed at the prompt does, and which engine runs it.
enum SwiftHelp {
    /// Words a newcomer may ask about (`help let`) that are Swift, not commands.
    static let keywords: Set<String> = [
        "let", "var", "struct", "enum", "class", "func", "if", "for", "while", "switch", "print", "wb",
    ]

    /// The session's language mode, and how to change it.
    static func modeLine(_ mode: SwiftLanguageMode) -> String {
        switch mode {
        case .swift5: "Language mode: Swift 5, as a playground and `swiftc` (`set swift 6`: Swift 6)."
        case .swift6: "Language mode: Swift 6, with its concurrency checks (`set swift 5`: Swift 5)."
        }
    }

    static let text = """
        Swift at the prompt is Swift: what a playground page accepts works here, and prints
        exactly what the same code prints compiled.

          let ids = [1, 2, 3]                 a binding; an expression shows `SOURCE: TYPE`
          struct Post: Codable { … }          a model; `decode [Post]` decodes the body into it
          let posts = decode [Post]           binds the decoded value to a name
          posts.filter { $0.userId == 1 }     closures, functions, control flow, extensions
          get /posts/\\(posts[0].id)           `\\(…)` puts a Swift value into any command
          try await wb.get("/users/1")        the Swift statement of a command (`help get`)

        Two engines run it; only the speed tells them apart. The fast path answers at once
        for bound names, member access, subscripts, literals, interpolation and `wb.…` calls.
        Everything else is compiled by the installed Swift toolchain (about a third of a
        second) and runs in this session's Swift host, where what you bound keeps its value:
        a random number, a `var`'s mutations, an object. A compile error is one line with the
        column you typed; a trap (`Fatal error: Index out of range`) keeps what was bound
        before it; Ctrl-C stops a runaway loop, and at an empty prompt (or `stop`) the timers,
        tasks and requests that inputs left running.

        `save NAME` writes the session as a Swift snippet: each command as its Swift statement.
        `export swift` prints the request and the last decode as app code (`help export`).
        """
}
