import Foundation
import TestSupport
import Testing

/// `replay NAME --results`: the column beside each line holds what the compiled snippet computes
/// there. The expected values come from compiling the same snippet with swiftc, with lines added
/// at its end that print them.
@Suite struct ReplayResultsTests {
    static let snippetName = "shopping"

    static func snippet() throws -> URL {
        try SnippetPaths.packageRoot().appendingPathComponent("Tests/EndToEndTests/ResultsColumn/\(snippetName).swift")
    }

    /// The snippet's line that starts with `text` (after its indent), 1-based.
    static func line(startingWith text: String, in source: String) throws -> Int {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(text) }, "no line starts with \(text)")
        return index + 1
    }

    /// What the snippet computes, from swiftc: its printed output, then `PROBE name value` lines.
    static func compiledValues(of snippet: URL, in directory: URL) async throws -> (printed: [String], probes: [String: String]) {
        let probe = """

            print("PROBE items", String(describing: items))
            print("PROBE total", String(describing: total))
            print("PROBE totals", items.indices.map { items[...$0].reduce(0) { $0 + $1.price } })
            print("PROBE count", items.count)
            print("PROBE lastItem", String(describing: items[items.count - 1]))
            print("PROBE lastLabel", label(items[items.count - 1]))
            print("PROBE labels", String(describing: labels))
            print("PROBE json", json)
            """
        // Named as the snippet, so that swiftc names the module as replay does (`shopping.Item`).
        let program = directory.appendingPathComponent("\(snippetName).swift")
        try (try String(contentsOf: snippet, encoding: .utf8) + probe).write(to: program, atomically: true, encoding: .utf8)
        let executable = directory.appendingPathComponent("probe").path
        let swiftc = try #require(ProcessInfo.processInfo.environment["PATH"].flatMap { path in
            path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }, "swiftc is not on PATH")
        let compiled = try await PipedRun.run(swiftc, ["-module-name", snippetName, program.path, "-o", executable],
                                              input: "", environment: ProcessInfo.processInfo.environment)
        try #require(compiled.status == 0, "swiftc failed: \(compiled.errorOutput)")
        let ran = try await PipedRun.run(executable, input: "", environment: ProcessInfo.processInfo.environment)
        try #require(ran.status == 0, "the compiled snippet failed: \(ran.errorOutput)")
        var printed: [String] = []
        var probes: [String: String] = [:]
        for line in ran.output.split(separator: "\n") {
            if line.hasPrefix("PROBE ") {
                let parts = line.dropFirst(6).split(separator: " ", maxSplits: 1)
                probes[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            } else {
                printed.append(String(line))
            }
        }
        return (printed, probes)
    }

    /// `12  total = 3` lines of a non-terminal replay, by line number.
    static func column(of output: String) -> [Int: String] {
        var column: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            guard let gap = line.range(of: "  "), let number = Int(line[..<gap.lowerBound]) else { continue }
            column[number] = String(line[gap.upperBound...])
        }
        return column
    }

    @Test func theColumnHoldsWhatTheCompiledSnippetComputes() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let snippet = try Self.snippet()
        let source = try String(contentsOf: snippet, encoding: .utf8)
        let expected = try await Self.compiledValues(of: snippet, in: home.url)
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", snippet.path, "--results", "--no-sandbox"],
                                              input: "", environment: isolatedEnvironment(home: home.url))
        #expect(replayed.status == 0, "\(replayed.output)\(replayed.errorOutput)")
        let column = Self.column(of: replayed.output)
        let probes = expected.probes
        let times = "  (\(try #require(probes["count"])) times)"

        #expect(column[try Self.line(startingWith: "let json", in: source)] == "json = \(try #require(probes["json"]))")
        // The decode: the array as print describes it, with the snippet's module name.
        #expect(column[try Self.line(startingWith: "let items", in: source)] == "items = \(try #require(probes["items"]))")
        #expect(try #require(probes["items"]).contains("\(Self.snippetName).Item("))
        #expect(column[try Self.line(startingWith: "var total", in: source)] == "total = 0")
        // The loop body: its last value, how many times it ran, and the values it had.
        let totals = try #require(probes["totals"]).dropFirst().dropLast().split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        #expect(column[try Self.line(startingWith: "total +=", in: source)]
            == "total = \(try #require(probes["total"]))" + times + "  " + ResultsColumnOracle.sparkline(totals))
        // Inside the function, called once per item by `map`.
        #expect(column[try Self.line(startingWith: "func label", in: source)] == "item = \(try #require(probes["lastItem"]))" + times)
        #expect(column[try Self.line(startingWith: "let text", in: source)] == "text = \(try #require(probes["lastLabel"]))" + times)
        let lastLabel = try #require(probes["lastLabel"])
        #expect(column[try Self.line(startingWith: "return text", in: source)] == lastLabel + times)
        #expect(column[try Self.line(startingWith: "let labels", in: source)] == "labels = \(try #require(probes["labels"]))")
        // The print: the text it wrote, where it wrote it.
        #expect(column[try Self.line(startingWith: "print(", in: source)] == expected.printed.first)
        #expect(expected.printed.count == 1)
        // Nothing else: the printed text is in the column, not after it.
        #expect(replayed.output.split(separator: "\n").count == column.count)
    }

    /// A crash is one line after the column of the lines that ran before it; replay exits 1.
    @Test func aCrashKeepsTheLinesThatRan() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let snippet = home.url.appendingPathComponent("crash.swift")
        try "let numbers = [1, 2]\nprint(numbers.count)\nlet third = numbers[2]\nprint(third)\n"
            .write(to: snippet, atomically: true, encoding: .utf8)
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", snippet.path, "--results", "--no-sandbox"],
                                              input: "", environment: isolatedEnvironment(home: home.url))
        #expect(replayed.status == 1)
        let column = Self.column(of: replayed.output)
        #expect(column[1]?.hasPrefix("numbers = [") == true, "\(replayed.output)")
        #expect(column[2] != nil)
        #expect(column[3] == nil && column[4] == nil)
        let lines = replayed.output.split(separator: "\n")
        #expect(lines.last?.contains("Index out of range") == true, "\(replayed.output)")
        #expect(lines.count == column.count + 1)
    }

    @Test func aTerminalOf80ColumnsGetsTheColumnCutToItsWidth() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let snippet = try Self.snippet()
        let source = try String(contentsOf: snippet, encoding: .utf8)
        let environment = isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1"])
        let piped = try await PipedRun.run(try Binaries.workbench, ["replay", snippet.path, "--results", "--no-sandbox"],
                                           input: "", environment: environment)
        let column = Self.column(of: piped.output)
        try #require(column.count >= 8, "the piped replay gave no column: \(piped.output)\(piped.errorOutput)")
        let terminal = try PseudoTerminal(executable: try Binaries.workbench,
                                          arguments: ["replay", snippet.path, "--results", "--no-sandbox"],
                                          environment: environment, columns: 80)
        #expect(try await terminal.waitForExit() == 0)
        let lines = terminal.output.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)

        // Every line fits the terminal.
        for line in lines { #expect(line.count <= 80, "wider than 80: \(line)") }
        // The column starts at the same place on every line that has one.
        let bars = Set(lines.compactMap { line in line.firstIndex(of: "│").map { line.distance(from: line.startIndex, to: $0) } })
        #expect(bars.count == 1, "\(bars)")
        // The source is shown with its line numbers, and each line's result is beside it or, for a
        // line of code too long for that, on the line below it.
        for (number, entry) in column {
            let code = source.split(separator: "\n", omittingEmptySubsequences: false)[number - 1]
            let index = try #require(lines.firstIndex { $0.hasPrefix(String(format: "%2d  ", number)) }, "line \(number) is not shown")
            #expect(lines[index].dropFirst(4).hasPrefix(code.prefix(20)))
            let shown = try #require(lines[index].contains("│") ? lines[index] : lines[safe: index + 1], "no result for line \(number)")
            let result = try #require(shown.components(separatedBy: "│ ").last)
            // A sparkline that would leave the value too little room is left out.
            let bars = entry.reversed().prefix { "▁▂▃▄▅▆▇█".contains($0) }.count
            let sparkline = bars > 0 ? "  " + String(entry.suffix(bars)) : ""
            let expected = result.hasSuffix(sparkline) ? entry : String(entry.dropLast(sparkline.count))
            if expected.count <= result.count {
                #expect(result == expected)
            } else {
                // Cut with `…`; `(N times)` stays, and the sparkline where it is shown.
                let times = expected.range(of: "  (", options: .backwards).map { String(expected[$0.lowerBound...]) } ?? ""
                #expect(result.hasSuffix("…" + times), "\(result)")
                #expect(expected.hasPrefix(String(result.dropLast(times.count + 1))))
            }
        }
        #expect(lines.contains { $0.contains("│ total = 0") })
    }
}

/// `--step --results` at a terminal: Enter runs the next statement and fills in its column.
@Suite struct ReplayStepResultsTests {
    @Test func enterFillsInTheNextStatementsColumn() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench,
            arguments: ["replay", try ReplayResultsTests.snippet().path, "--results", "--step", "--no-sandbox"],
            environment: isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1"]), columns: 100)
        // struct Item, `let json`, `let items`: each shown, then run on Enter.
        for statement in ["struct Item", "let json", "let items"] {
            let mark = terminal.mark
            try await terminal.waitFor(statement, after: mark)
            try await terminal.waitFor(ReplayStepTests.hint, after: mark)
            terminal.type("\r")
        }
        var mark = terminal.mark
        try await terminal.waitFor("│ items = [shopping.Item(", after: mark)
        try await terminal.waitFor("var total = 0", after: mark)
        try await terminal.waitFor(ReplayStepTests.hint, after: mark)
        // Not run before Enter: the line has no column yet.
        #expect(!terminal.output.contains("│ total = 0"))
        mark = terminal.mark
        terminal.type("\r")
        try await terminal.waitFor("│ total = 0", after: mark)
        try await terminal.waitFor(ReplayStepTests.hint, after: mark)
        terminal.type("q\r")
        #expect(try await terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("(3 times)"))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
