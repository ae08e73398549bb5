import Foundation
import LineResults
import TestSupport
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// The Swift host for real: the installed toolchain compiles each input into a library the host
/// loads after the session's earlier inputs. Expected values are computed by this (compiled) test itself.
@MainActor
@Suite(.serialized) struct HostSessionTests {
    @Test func expressionsShowTheirTypeAndPrintedValue() async {
        let session = HostSession()
        #expect(await session.run("1 + 2").output == shown("1 + 2", 1 + 2, type: "Int"))
        let doubled = [1, 2, 3].map { $0 * 2 }
        #expect(await session.run("[1, 2, 3].map { $0 * 2 }").output == shown("[1, 2, 3].map { $0 * 2 }", doubled, type: "[Int]"))
        let word: String? = "a"
        #expect(await session.run(#"Optional("a") as String?"#).output == shown(#"Optional("a") as String?"#, word as Any, type: "String?"))
        let (output, outcome) = await session.run(#"print("hi")"#)
        #expect(output == "hi\n")
        #expect(outcome.succeeded)
    }

    @Test func bindingsLiveAcrossInputsAndEarlierPrintsAreNotRepeated() async {
        let session = HostSession()
        #expect(await session.run(#"print("once")"#).output == "once\n")
        #expect(await session.run("var total = 20").output == shown("total", 20, type: "Int"))
        #expect(await session.run("total += 1").output == "")
        let (output, outcome) = await session.run("total * 2")
        #expect(output == shown("total * 2", 42, type: "Int"))
        #expect(outcome.succeeded && outcome.step != nil)
        #expect(session.steps.count == 4)
    }

    /// Swift 5.9's `if`/`switch` expressions and `async let` at the top level, as one program runs them.
    @Test func ifAndSwitchExpressionsAndAsyncLetBind() async {
        let session = HostSession()
        await session.run("let n = 3")
        let kind = if 3 % 2 == 0 { "even" } else { "odd" }
        #expect(await session.run(#"let kind = if n % 2 == 0 { "even" } else { "odd" }"#).output == shown("kind", kind, type: "String"))
        #expect(await session.run("let text = switch n {\ncase 3: \"three\"\ndefault: \"other\"\n}").output
            == shown("text", "three", type: "String"))
        await session.run("func v(_ x: Int) async -> Int { x * 10 }")
        let (bound, outcome) = await session.run("async let a = v(1)")
        #expect(outcome.succeeded && bound == "", "\(bound)")
        #expect(await session.run("print(await a + n)").output == "13\n")
    }

    @Test func declarationsAndFunctionsAreKept() async {
        let session = HostSession()
        await session.run("""
            struct Point { var x: Int; var y: Int }
            extension Point { var sum: Int { x + y } }
            func double(_ p: Point) -> Point { Point(x: p.x * 2, y: p.y * 2) }
            """)
        #expect(await session.run("double(Point(x: 1, y: 2)).sum").output == shown("double(Point(x: 1, y: 2)).sum", 6, type: "Int"))
    }

    @Test func aRedeclaredBindingTakesItsNewValueAndCanReadTheOld() async {
        let session = HostSession()
        await session.run("let posts = [3, 1, 2]")
        await session.run("let first = posts[0]")
        let sorted = await session.run("let posts = posts.sorted()").output
        #expect(sorted == shown("posts", [1, 2, 3], type: "[Int]"), "\(sorted)")
        #expect(await session.run("(first, posts)").output == shown("(first, posts)", (3, [1, 2, 3]), type: "(Int, [Int])"))
        await session.run("struct S { let a: Int }")
        await session.run("struct S { let b: String }")
        #expect(await session.run(#"S(b: "x").b"#).output == shown(#"S(b: "x").b"#, "x", type: "String"))
    }

    @Test func anErrorThrownAtTheTopLevelIsOneLine() async {
        let session = HostSession()
        await session.run("struct Oops: Error, CustomStringConvertible { var description: String { \"it went wrong\" } }")
        let (output, outcome) = await session.run("print(\"before\")\nthrow Oops()")
        #expect(output == "before\nerror: it went wrong\n")
        #expect(!outcome.succeeded && outcome.step == nil)
        await session.run("func risky() throws -> Int { throw Oops() }")
        #expect(await session.run("let value = try risky()").output == "error: it went wrong\n")
    }

    @Test func aTrapIsOneLineAndTheSessionKeepsItsValues() async {
        let session = HostSession()
        await session.run("let numbers = [1, 2, 3]")
        let (output, outcome) = await session.run("print(\"before\")\nnumbers[5]")
        #expect(output == "before\nFatal error: Index out of range\n")
        #expect(!outcome.succeeded)
        #expect(await session.run("numbers.count").output == shown("numbers.count", 3, type: "Int"))
        #expect(await session.run(#"fatalError("stop here")"#).output == "Fatal error: stop here\n")
        let none: Int? = nil
        #expect(await session.run("let none: Int? = nil; print(none!)").output
                == shown("none", none as Any, type: "Int?") + "Fatal error: Unexpectedly found nil while unwrapping an Optional value\n")
        #expect(await session.run("numbers[0] / (numbers.count - 3)").output == "Fatal error: Division by zero\n")
        let overflow = await session.run("func down(_ n: Int) -> Int { n + down(n + 1) }\ndown(0)").output
        // The crash ended the host: one line for it, one saying the session was rebuilt.
        let lines = overflow.split(separator: "\n")
        #expect(lines.first?.hasPrefix("error: the program crashed (segmentation fault)") == true, "\(overflow)")
        #expect(lines.count == 2 && lines.last?.hasPrefix("the Swift session was rebuilt: ") == true, "\(overflow)")
        #expect(await session.run("numbers.count").output == shown("numbers.count", 3, type: "Int"))
    }

    @Test func aCompileErrorIsTheCompilersFirstAtWhatTheUserTyped() async {
        let session = HostSession()
        await session.run("let posts = [1, 2]")
        let (output, outcome) = await session.run("let a = 1\nlet b = posts.nope + a")
        // The one error line, then the line the user typed and a caret under the column, as swiftc shows them.
        let caret = String(repeating: " ", count: 2 + 14) + "^"
        #expect(output == "error: 2:15: value of type '[Int]' has no member 'nope'\n  let b = posts.nope + a\n\(caret)\n")
        #expect(!outcome.succeeded)
        #expect(outcome.failure == "error: 2:15: value of type '[Int]' has no member 'nope'")
        #expect(outcome.failureContext == ["  let b = posts.nope + a", caret])
        #expect(await session.run("let c: String = 1").output
                == "error: 1:17: cannot convert value of type 'Int' to specified type 'String'\n  let c: String = 1\n" + String(repeating: " ", count: 18) + "^\n")
    }

    @Test func aRedeclaredTypeLeavesEarlierValuesAsTheyWere() async {
        let session = HostSession()
        await session.run("struct P { let a: Int }")
        await session.run("let p = P(a: 1)")
        #expect(await session.run("struct P { let b: Int }").output == "")
        #expect(await session.run("p.a").output == shown("p.a", 1, type: "Int"))
        #expect(await session.run("P(b: 2).b").output == shown("P(b: 2).b", 2, type: "Int"))
    }

    /// Ctrl-C stops a loop where its own code runs, also one that spends its time printing (in
    /// `write`, stepped back to its own code), without ending the host: values made by chance stay.
    @Test(arguments: ["while true {}", "var n = 0; while true { n += 1; print(n) }"])
    func ctrlCStopsARunawayLoopAndTheSessionKeepsItsValues(loop: String) async throws {
        let session = HostSession()
        let drawn = await session.run("let kept = Int.random(in: 1...1_000_000_000)").output
        let (output, outcome) = await session.run("print(\"spinning\")\n" + loop) {
            session.console.capturedText.contains("spinning\n")
        }
        // A loop the host could not stop would be ended with the host, which is then rebuilt.
        #expect(output.hasPrefix("spinning\n") && output.hasSuffix("error: interrupted\n"), "\(output.suffix(300))")
        #expect(!output.contains("rebuilt"))
        #expect(!outcome.succeeded)
        #expect(await session.run("kept").output == drawn)
    }

    @Test func runawayMemoryIsStoppedWithOneLine() async {
        let session = HostSession(configuration: HostConfiguration(memoryLimit: 300 << 20))
        let (output, outcome) = await session.run("""
            var blocks: [[UInt8]] = []
            while true { blocks.append([UInt8](repeating: 1, count: 10_000_000)) }
            """)
        #expect(output.hasPrefix(shown("blocks", [[UInt8]](), type: "[[UInt8]]") + "error: stopped — the input used more than 300 MB of memory\n"), "\(output)")
        #expect(!outcome.succeeded)
    }

    @Test func noToolchainIsOneLineNamingWhatIsNeeded() async {
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBENCH_SWIFT"] = "/nonexistent/swift"
        let session = HostSession(configuration: HostConfiguration(environment: environment))
        let (output, outcome) = await session.run("1 + 1")
        #expect(output == "error: \(HostSetupError.noToolchain)\n")
        #expect(!outcome.succeeded)
        let missingKit = HostSession(configuration: HostConfiguration(kitDirectory: URL(fileURLWithPath: "/nonexistent")))
        #expect(await missingKit.run("1 + 1").output == "error: \(HostSetupError.noKit("/nonexistent"))\n")
    }
}

/// The results column's inputs run in the host too: their values persist, as any input's do.
@MainActor
@Suite(.serialized) struct HostResultsColumnTests {
    @Test func aResultsInputReportsItsLinesAndKeepsItsValues() async throws {
        let session = HostSession()
        let (output, outcome) = await session.run("let r = Int.random(in: 1...1000)\nvar total = 0\nfor n in 1...3 {\n    total += n\n}\nprint(r)",
                                                  results: true)
        #expect(outcome.succeeded, "\(output)")
        let drawn = try #require(output.split(separator: "\n").first.flatMap { Int($0) }, "\(output)")
        let column = ResultsColumn(outcome.results)
        #expect(column.entries[1]?.description == "r = \(drawn)")
        #expect(column.entries[2]?.description == "total = 0")
        #expect(column.entries[4]?.description == "total = 6  (3 times)  ▁▄█")
        #expect(column.entries[6]?.description == "\(drawn)\n" || column.entries[6]?.description == "\(drawn)")
        // Later inputs, with the column or without, read the same value.
        #expect(await session.run("print(r)").output == "\(drawn)\n")
        let again = await session.run("let twice = r * 2\nprint(twice)", results: true)
        #expect(ResultsColumn(again.outcome.results).entries[1]?.description == "twice = \(drawn * 2)")
        #expect(await session.run("total").output == shown("total", 6, type: "Int"))
    }

    /// A loop on one line with the name it adds to: the name's last value, how often it was
    /// assigned (its declaration too), and its values drawn.
    @Test func aLoopOnOneLineShowsTheValueItLeaves() async {
        let session = HostSession()
        let (output, outcome) = await session.run("var acc = 0; for n in 1...4 { acc += n }", results: true)
        #expect(outcome.succeeded, "\(output)")
        #expect(ResultsColumn(outcome.results).plainLines == ["1  acc = 10  (5 times)  ▁▂▃▅█"])
    }

    @Test func aFailureKeepsTheLinesThatRan() async {
        let session = HostSession()
        await session.run("let numbers = [1, 2]")
        let (output, outcome) = await session.run("let first = numbers[0]\nlet third = numbers[2]\nprint(third)", results: true)
        #expect(!outcome.succeeded)
        #expect(output.contains("Fatal error: Index out of range"), "\(output)")
        #expect(outcome.results.map(\.line) == [1])
        #expect(await session.run("numbers.count").output == shown("numbers.count", 2, type: "Int"))
    }
}
