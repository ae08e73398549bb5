import Foundation
import LineEditor
@testable import REPL
import Testing
import WorkbenchKit
import WorkbenchScript

/// An input is looked up in the command table once per line read, and Swift is parsed once per
/// line read: the reading the continuation rule makes of the whole input (and its Swift tree) is
/// the one history and the run take.
@MainActor
@Suite struct InputReadingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let succeeds: Bool
        /// What history keeps of it.
        let history: String
        var testDescription: String { input.replacingOccurrences(of: "\n", with: "⏎") }
    }

    nonisolated static let cases = [
        Case(input: "let x = 1", succeeds: true, history: "let x = 1"),
        Case(input: "let total = [1, 2,\n  3].reduce(0, +)", succeeds: true, history: "let total = [1, 2,\n  3].reduce(0, +)"),
        Case(input: "body {\n  \"a\": 1\n}", succeeds: true, history: "body {\n  \"a\": 1\n}"),
        Case(input: "header Authorization: Bearer abc", succeeds: true, history: "header Authorization: ***"),
        Case(input: ":steps", succeeds: true, history: ":steps"),
        Case(input: ":nosuch", succeeds: false, history: ":nosuch"),
        Case(input: "qeury a=b", succeeds: false, history: "qeury a=b"),
    ]

    /// As the prompt reads `text`: the continuation rule after each of its lines, then history's
    /// entry, then the run. The lookups the table counted meanwhile.
    static func read(_ text: String, in session: Session) async -> (lookups: Int, parses: Int, succeeded: Bool, history: String) {
        let rules = ContinuationRules(swift: session.swiftReader) { text in session.reading(of: text).invocation }
        let before = session.commands.lookups?.value ?? -1
        let parses = ParseCount()
        return await ParseCount.$current.withValue(parses) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for count in 1...lines.count {
                let completeness = rules.completeness(of: lines.prefix(count).joined(separator: "\n"))
                #expect(completeness == (count == lines.count ? .complete : .incomplete), "\(lines.prefix(count))")
            }
            let history = session.historyEntry(for: text)
            let succeeded = await session.evaluate(text)
            return ((session.commands.lookups?.value ?? -1) - before, parses.value, succeeded, history)
        }
    }

    @Test(arguments: cases)
    func eachLineIsLookedUpOnce(_ example: Case) async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, commands: CommandTable.standard.counting(), isInteractive: false)
        let read = await Self.read(example.input, in: session)
        #expect(read.lookups == example.input.split(separator: "\n", omittingEmptySubsequences: false).count, "\(console.capturedText)")
        #expect(read.succeeded == example.succeeds, "\(console.capturedText)")
        #expect(read.history == example.history)
    }

    /// Swift typed at the prompt, on the interpreter or compiled in the host (which catches up on
    /// the steps the interpreter ran), is parsed once per line read, by the reader; a command's
    /// words are no Swift to parse.
    @Test(arguments: [false, true])
    func swiftIsParsedOncePerLineRead(compiledOnly: Bool) async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, commands: CommandTable.standard.counting(), isInteractive: false)
        // Everything but the model compiled (`WORKBENCH_ENGINE=compiled`), the steps before caught up.
        session.swift.compiledOnly = compiledOnly
        let inputs: [(String, succeeds: Bool)] = [
            ("let x = 1", true),
            ("struct Post: Codable { let id: Int }", true),
            ("let total = [1, 2,\n  3].reduce(0, +)", true),
            ("func twice(_ n: Int) -> Int { n * 2 }", true),
            ("print(twice(x) + total)", true),
            ("header Accept: application/json", true),
            ("qeury a=b", false),
        ]
        for (input, succeeds) in inputs {
            let read = await Self.read(input, in: session)
            let lines = input.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(read.succeeded == succeeds, "\(input): \(console.capturedText)")
            #expect(read.parses == (input.hasPrefix("header") ? 0 : lines), "\(input)")
        }
        #expect(console.capturedText.contains("\n8\n"), "\(console.capturedText)")
    }

    /// A command word the user's Swift declared is read as Swift, and read again after the run
    /// that declared it: the reading kept for one input is not the next one's.
    @Test func aNameDeclaredByTheLastInputIsReadAfresh() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, commands: CommandTable.standard.counting(), isInteractive: false)
        #expect(session.reading(of: "status").invocation?.command is StatusCommand)
        #expect(await Self.read("var status = 5", in: session).succeeded)
        console.clearCaptured()
        let read = await Self.read("status", in: session)
        #expect(read.lookups == 1 && read.succeeded)
        #expect(console.capturedText.contains("5"), "\(console.capturedText)")
        #expect(session.reading(of: "status").swiftNameShadowsCommand)
        #expect(session.reading(of: ":status").invocation?.command is StatusCommand)
    }
}
