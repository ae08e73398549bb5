import Foundation
import TestSupport
import Testing

/// `set results on`, then loops typed on one line: each gets the column as an input of several
/// lines does, and its line holds what the same code computes compiled with `swiftc -swift-version 5`.
/// Each case's `probe` is its input with `print("NAME", NAME)` after every assignment (the
/// declaration too), so the compiled program prints every value each name had, in order.
@Suite struct PromptResultsTableTests {
    struct Case: Sendable, CustomStringConvertible {
        /// What is typed at the prompt, on one line; its names are not used by another case.
        let input: String
        /// The input, printing `NAME VALUE` after each assignment; names first assigned in the
        /// order they stand on the line.
        let probe: String
        /// Whether the values are of a numeric type, which the column draws.
        let numbers: Bool
        var description: String { input }
    }

    static let cases = [
        // One-line loop: the binding in its body, its last value, count and values.
        Case(input: "for i in 1...5 { let sq = i * i }",
             probe: #"for i in 1...5 { let sq = i * i; print("sq", sq) }"#, numbers: true),
        // Accumulation: the value the loop leaves, the declaration's value counted and drawn first.
        Case(input: "var total = 0; for p in 1...100 { total += p }",
             probe: #"var total = 0; print("total", total); for p in 1...100 { total += p; print("total", total) }"#, numbers: true),
        // Two names on the line: each its last value; the first is drawn.
        Case(input: "var n = 27; var steps = 0; while n != 1 { n = n % 2 == 0 ? n / 2 : 3 * n + 1; steps += 1 }",
             probe: #"var n = 27; print("n", n); var steps = 0; print("steps", steps); while n != 1 { n = n % 2 == 0 ? n / 2 : 3 * n + 1; print("n", n); steps += 1; print("steps", steps) }"#,
             numbers: true),
        Case(input: "var k = 1; repeat { k *= 2 } while k < 100",
             probe: #"var k = 1; print("k", k); repeat { k *= 2; print("k", k) } while k < 100"#, numbers: true),
        Case(input: "var x = 1.0; for _ in 1...4 { x *= 1.5 }",
             probe: #"var x = 1.0; print("x", x); for _ in 1...4 { x *= 1.5; print("x", x) }"#, numbers: true),
        // Digits in a String are text: not drawn.
        Case(input: #"var id = ""; for d in 1...3 { id += String(d) }"#,
             probe: #"var id = ""; print("id", id); for d in 1...3 { id += String(d); print("id", id) }"#, numbers: false),
    ]

    static let confirmationOn = "results column on: Swift of several lines, or a loop, is shown again with each line's values"

    @Test func aLoopOnOneLineGetsTheColumnOfWhatCompiledSwiftComputes() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let compiled = try await Self.compiledValues(in: home.url)
        let expected = Self.cases.indices.map { Self.columnLine(compiled[$0], numbers: Self.cases[$0].numbers) }
        let input = (["set results on"] + Self.cases.map(\.input) + ["set results off"]).joined(separator: "\n") + "\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: input,
                                         environment: isolatedEnvironment(home: home.url))
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        // The confirmations, and one column line per input: nothing else (no value summaries).
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines == [Self.confirmationOn] + expected + ["results column off"])
    }

    /// `results 1` after each loop: every value its line had, numbered, as the compiled probe
    /// printed them, its names' values in the order they were assigned.
    @Test func resultsNListsEveryValueCompiledSwiftHad() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let compiled = try await Self.compiledValues(in: home.url)
        var expected = [Self.confirmationOn]
        for (index, values) in compiled.enumerated() {
            expected.append(Self.columnLine(values, numbers: Self.cases[index].numbers))
            expected += values.enumerated().map { "\($0.offset + 1)  \($0.element.name) = \($0.element.value)" }
        }
        let input = (["set results on"] + Self.cases.flatMap { [$0.input, "results 1"] }).joined(separator: "\n") + "\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: input,
                                         environment: isolatedEnvironment(home: home.url))
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        #expect(run.output.split(separator: "\n").map(String.init) == expected)
    }

    /// `1  name = last; … (N times)  ▁▃█` from the values each name had, in order.
    static func columnLine(_ values: [(name: String, value: String)], numbers: Bool) -> String {
        var names: [String] = []
        var history: [String: [String]] = [:]
        for (name, value) in values {
            if history[name] == nil { names.append(name) }
            history[name, default: []].append(value)
        }
        let times = names.map { history[$0]!.count }.max() ?? 1
        var line = "1  " + names.map { "\($0) = \(history[$0]!.last!)" }.joined(separator: "; ")
        if times > 1 { line += "  (\(times) times)" }
        if numbers, let drawn = names.first(where: { history[$0]!.count == times }) {
            let bars = ResultsColumnOracle.sparkline(history[drawn]!.compactMap(Double.init))
            if !bars.isEmpty { line += "  " + bars }
        }
        return line
    }

    /// Every case's probe compiled as one program, each in a `do` block after a `CASE` line; the
    /// `NAME VALUE` lines each printed.
    static func compiledValues(in directory: URL) async throws -> [[(name: String, value: String)]] {
        let program = directory.appendingPathComponent("main.swift")
        let text = cases.enumerated().map { "print(\"CASE \($0.offset)\")\ndo { \($0.element.probe) }\n" }.joined()
        try text.write(to: program, atomically: true, encoding: .utf8)
        let executable = directory.appendingPathComponent("probes").path
        let swiftc = try #require(ProcessInfo.processInfo.environment["PATH"].flatMap { path in
            path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }, "swiftc is not on PATH")
        let compiled = try await PipedRun.run(swiftc, ["-swift-version", "5", program.path, "-o", executable],
                                              input: "", environment: ProcessInfo.processInfo.environment)
        try #require(compiled.status == 0, "swiftc failed: \(compiled.errorOutput)")
        let ran = try await PipedRun.run(executable, input: "", environment: ProcessInfo.processInfo.environment)
        try #require(ran.status == 0, "the compiled probes failed: \(ran.errorOutput)")
        var values: [[(name: String, value: String)]] = []
        for line in ran.output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("CASE ") {
                values.append([])
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            values[values.count - 1].append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
        }
        try #require(values.count == cases.count)
        return values
    }
}

/// The column's sparkline, written from its definition for the tests' expected lines: at most
/// `width` bars, each the value at the end of its stretch of values, scaled from the lowest value
/// (`▁`) to the highest (`█`); all `▁` when they are equal; none for fewer than two values.
enum ResultsColumnOracle {
    static let width = 12

    static func sparkline(_ values: [Double]) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        guard values.count > 1, let low = values.min(), let high = values.max() else { return "" }
        let width = min(values.count, Self.width)
        return String((1...width).map { bar in
            let value = values[bar * values.count / width - 1]
            return high == low ? bars[0] : bars[Int(((value - low) / (high - low) * 7).rounded())]
        })
    }
}
