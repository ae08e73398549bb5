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
            let value = "\(name): String\nthe value of \(name)\n"
            #expect(console.capturedText == "(`\(name)` is your Swift name here; `:\(name)` runs the command)\n" + value,
                    "\(name): \(console.capturedText)")
            // Said once: the second time it is only the value.
            console.clearCaptured()
            #expect(await session.evaluate(name))
            #expect(console.capturedText == value, "\(name): \(console.capturedText)")
        }
    }

    @Test func aCommandWordNobodyDeclaredIsTheCommand() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("let other = 1"))
        console.clearCaptured()
        #expect(await !session.evaluate("status"))
        #expect(console.capturedText == "error: no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)\n", "\(console.capturedText)")
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
        let path = "(`path` is your Swift name here; `:path` runs the command)\npath: String\n/mine\n"
        #expect(console.capturedText == path, "\(console.capturedText)")
        #expect(await !session.evaluate(":nosuch"))
        #expect(console.capturedText == path + "error: unknown command 'nosuch' after ':' ('help' lists commands)\n", "\(console.capturedText)")
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
        // The pages' last lines: `help`'s whole listing is PipedInputTests' (EndToEndTests); `help
        // swift`'s page is not written out whole while one of its examples is a column out of line
        // (the `\\(` in HelpCommand.swift's text prints as one character).
        let rule = "A name you declared in Swift wins over a command word; `:NAME` runs the command."
        #expect(CommandWordRule.summary == rule)
        #expect(await session.evaluate("help"))
        #expect(Self.lastLines(2, of: console.capturedText) == ["`help NAME` shows a command's usage, its Swift statement and an example.", rule],
                "\(console.capturedText)")
        console.clearCaptured()
        #expect(await session.evaluate("help swift"))
        #expect(Self.lastLines(2, of: console.capturedText) == ["Language mode: Swift 5, as a playground and `swiftc` (`set swift 6`: Swift 6).", rule],
                "\(console.capturedText)")
        #expect(await session.evaluate("set swift 6"))
        console.clearCaptured()
        #expect(await session.evaluate("help swift"))
        #expect(Self.lastLines(2, of: console.capturedText) == ["Language mode: Swift 6, with its concurrency checks (`set swift 5`: Swift 5).", rule],
                "\(console.capturedText)")
        console.clearCaptured()
        #expect(await !session.evaluate("set swift 7"))
        #expect(console.capturedText == "error: swift takes a language mode, 5 or 6, not '7'\n", "\(console.capturedText)")
    }

    /// The last `count` lines of a text that ends with a newline.
    static func lastLines(_ count: Int, of text: String) -> [String] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(count).map(String.init))
    }
}
