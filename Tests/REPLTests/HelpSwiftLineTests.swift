import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// Help's `Swift:` lines are what `save` writes, for every command whose meaning is statements,
/// and every statement form belongs to a command.
@MainActor
@Suite struct HelpSwiftLineTests {
    nonisolated static var statementCommands: [any StatementCommand] {
        CommandTable.standard.commands.compactMap { $0 as? any StatementCommand }
    }

    @Test func everyFormBelongsToOneCommand() {
        let claimed = Self.statementCommands.flatMap(\.forms)
        for form in StatementForm.allCases {
            #expect(claimed.count { $0 == form } == 1, "\(form)")
        }
    }

    @Test(arguments: statementCommands.map(\.name))
    func helpShowsWhatSaveWrites(_ name: String) async throws {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("help \(name)"))
        let help = console.capturedText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let swiftLines = help.drop { !$0.hasPrefix("Swift: ") }.prefix { !$0.isEmpty && !$0.hasPrefix("Example") && $0 != "Options:" }
        let command = try #require(session.commands.command(named: name) as? any StatementCommand)
        let saved = try command.forms.map { form in
            // `reset` first, so that a `base` is saved as a statement and not folded into `Workbench(base:)`.
            let steps = [SessionStep(.statement(.reset)), SessionStep(.statement(form.descriptor.sample))]
            let snippet = TranscriptSnippet(name: "help", description: nil, steps: steps, sandboxURL: nil)
            return try #require(snippet.source.split(separator: "\n").last.map(String.init))
        }
        #expect(swiftLines.map { $0.hasPrefix("Swift: ") ? String($0.dropFirst(7)) : $0 } == saved)
    }

    /// A help page's prose wraps as a terminal of 100 columns shows it; the synopsis and summary
    /// are one line each, and code (examples, Swift statements) is not wrapped.
    @Test(arguments: CommandTable.standard.commands.map(\.name))
    func helpProseFitsOneHundredColumns(_ name: String) async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("help \(name)"))
        let lines = console.capturedText.split(separator: "\n").dropFirst(2)
        let prose = lines.filter { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return !text.contains("wb> ") && !["try ", "wb.", "let ", "Swift: "].contains { text.hasPrefix($0) }
        }
        #expect(prose.filter { $0.count > 100 }.isEmpty, "\(prose.filter { $0.count > 100 })")
    }
}
