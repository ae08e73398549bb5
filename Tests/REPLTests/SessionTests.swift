@testable import REPL
import SandboxTestSupport
import Testing
import WorkbenchKit

@MainActor
@Suite struct SessionTests {
    let console = Console(capturingWithColors: false)

    func session() -> Session { Session(console: console, isInteractive: false) }

    /// One line per group: the list fits a 24-row, 80-column terminal and names every command
    /// but an old name whose help page is another's (`swift`: `help export`).
    @Test func helpListsEveryCommandByGroupOnOneScreen() async {
        let session = session()
        #expect(await session.evaluate("help"))
        let lines = console.capturedText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 24)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        for command in session.commands.commands where command.isListed {
            #expect(words.contains(command.name), "\(command.name)")
        }
        #expect(lines.contains { $0.hasPrefix("misc ") })
        // Where to start comes first, and the sandbox's APIs are named.
        #expect(lines.first == "Start here: `get sandbox/jsonplaceholder/posts`, `infer Post`, `decode [Post]`")
        #expect(lines.contains("sandbox   jsonplaceholder restcountries countries jokes met httpbin (`sandbox`)"))
    }

    /// The first steps `help` names run, in order, on a fresh session against the sandbox.
    @Test func helpsFirstStepsWork() async throws {
        try await withLiveSandbox { root in
            let session = session()
            session.sandboxURL = root
            for step in ["get sandbox/jsonplaceholder/posts", "infer Post", "let posts = decode [Post]"] {
                #expect(await session.evaluate(step), "\(step): \(console.capturedText.suffix(300))")
            }
        }
        #expect(console.capturedText.contains("[Post] · 100 values\n"))
    }

    /// `help swift` (and `help let`, a word a newcomer asks about) explains Swift at the prompt.
    @Test(arguments: ["help swift", "help let", "help struct"])
    func helpSwiftExplainsTheSwiftSide(_ input: String) async {
        #expect(await session().evaluate(input))
        let text = console.capturedText
        #expect(text.hasPrefix("Swift at the prompt is Swift"))
        #expect(text.contains("fast path") && text.contains("toolchain") && text.contains("\\(…)"))
    }

    /// Every command's help says what it is in Swift: its statement, or why it has none.
    @Test func everyCommandsHelpHasItsSwift() {
        for command in session().commands.commands {
            #expect(HelpCommand.lines(of: command).contains { $0.hasPrefix("Swift:") }, "\(command.name)")
        }
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
        ("help xyzzy", "error: no command named 'xyzzy' — `help` lists them, `help swift` explains the Swift you can type\n"),
        ("quit now", "error: quit takes no arguments, got 'now'\n"),
    ])
    func mistakesGetOneLine(input: String, expected: String) async {
        #expect(await session().evaluate(input) == false)
        #expect(console.capturedText == expected)
    }

    /// An input whose first lines are comments (written in the editor) runs what follows them: a
    /// command as typed after them, Swift with them, as a file has them; comments alone run nothing.
    @Test func commentLinesBeforeAnInputAreComments() async {
        let session = session()
        #expect(await session.evaluate("// The header every request sends\nheader X-Class: swift"))
        #expect(session.workbench.request.headers["X-Class"] == "swift")
        console.clearCaptured()
        #expect(await session.evaluate("// the answer\nlet answer = 41 + 1"))
        #expect(console.capturedText == "answer: Int\n42\n", "\(console.capturedText)")
        console.clearCaptured()
        #expect(await session.evaluate("// nothing\n   // at all"))
        #expect(console.capturedText.isEmpty)
    }

    /// A command whose `\(…)` fails changes nothing: a pasted curl command's `reset` and URL,
    /// which come before the header that holds it, have not run.
    @Test func aCommandWhoseInterpolationFailsLeavesTheRequestAsItWas() async throws {
        let session = session()
        #expect(await session.evaluate("url http://a.example/x"))
        #expect(await session.evaluate("header X-Kept: yes"))
        #expect(await !session.evaluate("curl http://b.example/y -H 'X-Id: \\(undefinedName)'"))
        #expect(try session.workbench.request.url().absoluteString == "http://a.example/x")
        #expect(session.workbench.request.headers["X-Kept"] == "yes")
        #expect(session.workbench.exchanges.isEmpty)
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
