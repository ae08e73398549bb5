@testable import REPL
import Testing
import WorkbenchKit

/// Names before commands: a name declared in Swift is Swift where it starts an input, for every
/// command word, and `:NAME` still runs the command.
@MainActor
@Suite struct CommandWordRuleTests {
    @Test func aNameDeclaredInSwiftComesBeforeEveryCommandWord() async {
        for name in CommandTable.standard.names {
            let console = Console(capturingWithColors: false)
            let session = Session(console: console, isInteractive: false)
            #expect(await session.evaluate("let \(name) = \"the value of \(name)\""), "\(console.capturedText)")
            console.clearCaptured()
            #expect(await session.evaluate(name), "\(name): \(console.capturedText)")
            let shown = console.capturedText
            #expect(shown.contains("\(name): String\nthe value of \(name)"), "\(name): \(shown)")
            #expect(shown.contains("`:\(name)` runs the command"), "\(name): \(shown)")
            // Said once: the second time it is only the value.
            console.clearCaptured()
            #expect(await session.evaluate(name))
            #expect(!console.capturedText.contains("runs the command"), "\(name): \(console.capturedText)")
        }
    }

    @Test func aCommandWordNobodyDeclaredIsTheCommand() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("let other = 1"))
        console.clearCaptured()
        #expect(await !session.evaluate("status"))
        #expect(console.capturedText.contains("no response yet"), "\(console.capturedText)")
    }

    @Test func colonRunsTheCommandEvenWhenTheNameIsBound() async throws {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("let path = \"/mine\""))
        #expect(await session.evaluate(":base https://example.org/api"))
        #expect(await session.evaluate(":path /users"))
        #expect(try session.workbench.request.url().absoluteString == "https://example.org/api/users")
        console.clearCaptured()
        #expect(await session.evaluate("path"))
        #expect(console.capturedText.contains("/mine"))
        #expect(await !session.evaluate(":nosuch"))
        #expect(console.capturedText.contains("unknown command 'nosuch' after ':'"), "\(console.capturedText)")
    }

    /// What is not Swift with the name first stays the command (`query userId=1` is two words).
    @Test func anInputThatIsNotSwiftStaysTheCommand() async throws {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("let query = 5"))
        #expect(await session.evaluate("base https://example.org"))
        #expect(await session.evaluate("query userId=1"))
        #expect(try session.workbench.request.url().absoluteString == "https://example.org?userId=1")
    }

    /// `help` states the rule in one line; `help swift` says the language mode too.
    @Test func helpSaysTheRuleAndTheLanguageMode() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("help"))
        #expect(console.capturedText.contains(CommandWordRule.summary))
        console.clearCaptured()
        #expect(await session.evaluate("help swift"))
        #expect(console.capturedText.contains("Language mode: Swift 5"), "\(console.capturedText)")
        #expect(await session.evaluate("set swift 6"))
        console.clearCaptured()
        #expect(await session.evaluate("help swift"))
        #expect(console.capturedText.contains("Language mode: Swift 6"), "\(console.capturedText)")
        #expect(await !session.evaluate("set swift 7"))
        #expect(console.capturedText.contains("swift takes a language mode, 5 or 6, not '7'"), "\(console.capturedText)")
    }
}
