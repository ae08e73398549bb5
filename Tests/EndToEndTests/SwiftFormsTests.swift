import Foundation
import TestSupport
import Testing

/// Swift at the prompt prints what the same code compiled with swiftc prints: every case of the forms
/// table piped into the real `workbench`, compared with the output generate.py took from compiled programs.
///
/// The suites whose every case starts the binary, the Swift host and the toolchain run in three
/// serialized chains: all side by side they would starve the other suites' time-sensitive tests
/// (Ctrl-C on a request, a server's timeout) on a 2-core machine, and as one chain they were the
/// whole of `make test`'s last four minutes, on one core. A case waits on one process at a time
/// (the REPL, the compiler, the linker, the host), so one chain keeps less than a core busy: with two,
/// the table's chain (216 cases, 220 s alone) was still running after everything else. The table's
/// cases alternate between two chains, each with another suite behind it, and the tutorials,
/// playgrounds and the table's second runs are the third: 120–150 s each when EndToEndTests runs alone.
@Suite(.serialized) enum CompiledSwiftSuites {}
@Suite(.serialized) enum CompiledSwiftFormsSecondHalf {}
@Suite(.serialized) enum CompiledSwiftSessions {}

extension CompiledSwiftSuites {
    @Suite struct SwiftFormsTests {
        @Test func theTableCoversEveryGroupWithExpectedOutputs() throws {
            let cases = try SwiftFormsTable.cases()
            #expect(cases.count >= 110)
            let groups = Set(cases.map(\.group))
            #expect(groups == ["literals", "collections", "strings", "declarations", "foundation", "models", "errors", "requests", "session"])
            for form in cases {
                #expect(form.inputs.contains { $0.checked }, "\(form.testDescription)")
                #expect(throws: Never.self, "\(form.testDescription)") { try SwiftFormsTable.expected(for: form) }
            }
            #expect(cases.contains { $0.fast })
            // No output is left from a case renamed or removed.
            let expected = try SwiftFormsTable.directory().appendingPathComponent("Expected")
            let files = try FileManager.default.subpathsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".out") }
            #expect(Set(files.filter { !$0.hasPrefix("replay/") && !$0.hasPrefix("swift6/") }) == Set(cases.map { "\($0.group)/\($0.name).out" }))
            #expect(try SwiftFormsTable.swift6Cases().count >= 1)
            #expect(try SwiftFormsTable.replayedCases().count >= 10)
        }

        /// The table's cases at even positions (the others: `SwiftFormsSecondHalfTests`).
        @Test(arguments: try SwiftFormsTable.cases().alternate(0))
        func thePromptPrintsWhatCompiledSwiftPrints(_ form: SwiftFormCase) async throws {
            try await FormsSession.comparedWithCompiledOutput(form)
        }

        /// In Swift 6 mode (`workbench --swift 6`) the prompt prints what the same code prints compiled
        /// with `-swift-version 6`, for each case whose output there differs from Swift 5's (the
        /// others print the same in both, as generate.py checks).
        @Test(arguments: try SwiftFormsTable.swift6Cases().map(\.form))
        func inSwift6ThePromptPrintsWhatSwift6Prints(_ form: SwiftFormCase) async throws {
            let expected = try #require(try SwiftFormsTable.swift6Cases().first { $0.form.group == form.group && $0.form.name == form.name }?.expected)
            let session = try await FormsSession.run(form, arguments: ["--swift", "6"])
            #expect(session.checkedOutput == expected, "\(session.report)")
        }
    }
}

extension CompiledSwiftFormsSecondHalf {
    @Suite struct SwiftFormsSecondHalfTests {
        /// The table's cases at odd positions.
        @Test(arguments: try SwiftFormsTable.cases().alternate(1))
        func thePromptPrintsWhatCompiledSwiftPrints(_ form: SwiftFormCase) async throws {
            try await FormsSession.comparedWithCompiledOutput(form)
        }
    }
}

extension [SwiftFormCase] {
    /// Every other case, from `first` (0 or 1).
    func alternate(_ first: Int) -> [SwiftFormCase] {
        enumerated().filter { $0.offset % 2 == first }.map(\.element)
    }
}

/// The forms table's sessions run twice (the compiled path forced) and its replays.
extension CompiledSwiftSessions {
    @Suite struct SwiftFormsAgainTests {
        /// The cases marked `fast` (literals, interpolation, subscripts and members of decoded values,
        /// `wb.…` statements) run as usual and again with the compiled path forced
        /// (`WORKBENCH_ENGINE=compiled`): every input, setup included (`let posts = decode [Post]`),
        /// prints the same both ways.
        @Test(arguments: try SwiftFormsTable.cases().filter { $0.fast })
        func theFastPathAndTheCompiledPathPrintTheSame(_ form: SwiftFormCase) async throws {
            let fast = try await FormsSession.plain.session(form)
            let compiled = try await FormsSession.run(form, environment: ["WORKBENCH_ENGINE": "compiled"])
            #expect(compiled.fullOutput == fast.fullOutput, "fast path:\n\(fast.report)\ncompiled path:\n\(compiled.report)")
        }

        /// A session saved and replayed in the REPL prints what its snippet prints compiled
        /// (generate_replay.py compiles the snippet the same binary saved): replay runs through the
        /// same runner and engines as the prompt, statement by statement, in a host of its own.
        @Test(arguments: try SwiftFormsTable.replayedCases().map(\.form))
        func aSavedSessionReplaysAsItsSnippetRunsCompiled(_ form: SwiftFormCase) async throws {
            let expected = try #require(try SwiftFormsTable.replayedCases().first { $0.form.group == form.group && $0.form.name == form.name }?.expected)
            let replay = try await FormsSession.replay(form)
            #expect(replay.checkedOutput == expected, "\(replay.report)")
        }
    }
}

/// A case's inputs piped into `workbench`, each preceded by a marker input whose known output splits
/// what the REPL printed into one part per input.
struct FormsSession {
    /// The checked inputs' output, masked as generate.py masks it.
    let checkedOutput: String
    /// Every input's output, masked alike.
    let fullOutput: String
    /// What a failure shows: the script and everything printed.
    let report: String

    /// A REPL command with fixed output that changes no state.
    static let markerInput = "help quit"
    static let marker = Marker()

    /// What the prompt printed for the case's checked inputs is what the compiled programs printed.
    static func comparedWithCompiledOutput(_ form: SwiftFormCase) async throws {
        let expected = try SwiftFormsTable.expected(for: form)
        let session = try await plain.session(form)
        #expect(session.checkedOutput == expected, "\(session.report)")
    }

    /// Each case's session with no arguments and no extra environment, run once for the two tests
    /// that compare it (with compiled output, and with the compiled path forced).
    static let plain = PlainSessions()

    actor PlainSessions {
        private var sessions: [String: Task<FormsSession, any Error>] = [:]

        func session(_ form: SwiftFormCase) async throws -> FormsSession {
            let key = "\(form.group)/\(form.name)"
            if let started = sessions[key] { return try await started.value }
            let started = Task { try await FormsSession.run(form) }
            sessions[key] = started
            return try await started.value
        }
    }

    /// What `markerInput` prints, learned from the binary once.
    actor Marker {
        private var output: String?

        func get() async throws -> String {
            if let output { return output }
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let printed = try await PipedRun.run(
                try Binaries.workbench, input: FormsSession.markerInput + "\n", environment: isolatedEnvironment(home: home.url)).output
            output = printed
            return printed
        }
    }

    static func run(_ form: SwiftFormCase, arguments: [String] = [], environment extra: [String: String] = [:]) async throws -> FormsSession {
        let marker = try await Self.marker.get()
        try #require(!marker.isEmpty, "`\(markerInput)` printed nothing, so it cannot mark where an input's output begins")
        let script = form.inputs.map { "\(markerInput)\n\($0.text)\n" }.joined()
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // The compiled path runs the toolchain's `swift`, found on PATH.
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
        variables.merge(extra) { $1 }
        let result = try await PipedRun.run(try Binaries.workbench, arguments, input: script,
                                      environment: isolatedEnvironment(home: home.url, extra: variables))
        let parts = result.output.components(separatedBy: marker)
        let report = "script:\n\(script)\noutput:\n\(result.output)\nerror output:\n\(result.errorOutput)"
        try #require(parts.count == form.inputs.count + 1 && parts[0].isEmpty, "the markers did not split the output\n\(report)")
        let checked = zip(form.inputs, parts.dropFirst()).filter { $0.0.checked }.map(\.1).joined()
        return FormsSession(checkedOutput: masked(checked), fullOutput: masked(parts.joined()), report: report)
    }

    /// The case's inputs, then `save replayed --force` and `replay` of that file in the same REPL;
    /// `checkedOutput` is what the replay printed, its echo lines left out.
    static func replay(_ form: SwiftFormCase) async throws -> FormsSession {
        let marker = try await Self.marker.get()
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let snippet = home.url.appendingPathComponent("replayed.swift").path
        let script = form.inputs.map { "\($0.text)\n" }.joined()
            + "save replayed --force --dir \(home.url.path)\n\(markerInput)\nreplay \(snippet)\n"
        let variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
        let result = try await PipedRun.run(try Binaries.workbench, input: script,
                                            environment: isolatedEnvironment(home: home.url, extra: variables))
        let report = "script:\n\(script)\noutput:\n\(result.output)\nerror output:\n\(result.errorOutput)"
        let parts = result.output.components(separatedBy: marker)
        try #require(parts.count == 2, "the marker did not split the output\n\(report)")
        // Replay echoes each statement on a line of its own starting with `» `.
        let replayed = parts[1].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("» ") }.joined(separator: "\n")
        return FormsSession(checkedOutput: masked(replayed), fullOutput: masked(result.output), report: report)
    }

    /// Ports and timings, as forms_output.py masks them (sizes and clock times stay).
    static func masked(_ text: String) -> String {
        SnippetOutput.masked(text, sizesAndClocks: false)
    }
}
