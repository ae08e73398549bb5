@testable import REPL
import Testing
import WorkbenchKit

@MainActor
@Suite struct SessionTests {
    let console = Console(capturingWithColors: false)

    func session() -> Session { Session(console: console, isInteractive: false) }

    @Test func helpListsEveryCommandByGroup() async {
        let session = session()
        #expect(await session.evaluate("help"))
        let text = console.capturedText
        for command in session.commands.commands {
            #expect(text.contains(command.synopsis), "\(command.name)")
        }
        #expect(text.contains("misc\n"))
    }

    @Test func helpExplainsOneCommand() async {
        #expect(await session().evaluate("help quit"))
        #expect(console.capturedText.hasPrefix("quit\n  leave Workbench"))
        #expect(console.capturedText.contains("also: exit"))
    }

    @Test(arguments: [
        ("hlep", "error: unknown command 'hlep', did you mean 'help'? ('help' lists commands)\n"),
        ("xyzzy", "error: unknown command 'xyzzy' ('help' lists commands)\n"),
        ("help hlep", "error: no command named 'hlep', did you mean 'help'?\n"),
        ("quit now", "error: quit takes no arguments, got 'now'\n"),
    ])
    func mistakesGetOneLine(input: String, expected: String) async {
        #expect(await session().evaluate(input) == false)
        #expect(console.capturedText == expected)
    }

    @Test func quitEndsTheSession() async {
        let session = session()
        #expect(await session.evaluate("exit"))
        #expect(session.quitRequested)
    }

    @Test func blankLinesAndCommentsDoNothing() async {
        #expect(await session().evaluate("   "))
        #expect(await session().evaluate("// a note for the class"))
        #expect(console.capturedText.isEmpty)
    }

    @Test func completionOffersCommandNamesThenTheCommandsOwn() {
        let session = session()
        #expect(session.completions(before: "he").contains("help"))
        #expect(session.completions(before: "help q").contains("quit"))
        #expect(session.completions(before: "quit ").isEmpty)
    }
}
