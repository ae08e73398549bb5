import Foundation
import TestSupport
import Testing

/// Swift at the prompt prints what the same code compiled with swiftc prints: every case of the forms
/// table piped into the real `workbench`, compared with the output generate.py took from compiled programs.
/// Serialized, with `SwiftStateTests` (one parent suite): each case starts the binary, the Swift host
/// and the toolchain; run side by side they would starve the other suites' time-sensitive tests
/// (Ctrl-C on a request, a server's 3 s timeout) on a 2-core machine.
@Suite(.serialized) enum CompiledSwiftSuites {}

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
            #expect(Set(files) == Set(cases.map { "\($0.group)/\($0.name).out" }))
        }

        @Test(arguments: try SwiftFormsTable.cases())
        func thePromptPrintsWhatCompiledSwiftPrints(_ form: SwiftFormCase) async throws {
            let expected = try SwiftFormsTable.expected(for: form)
            let session = try await FormsSession.run(form)
            #expect(session.checkedOutput == expected, "\(session.report)")
        }

        /// The cases marked `fast` (literals, interpolation, subscripts and members of decoded values,
        /// `wb.…` statements) run as usual and again with the compiled path forced
        /// (`WORKBENCH_ENGINE=compiled`): every input, setup included (`let posts = decode [Post]`),
        /// prints the same both ways.
        @Test(arguments: try SwiftFormsTable.cases().filter { $0.fast })
        func theFastPathAndTheCompiledPathPrintTheSame(_ form: SwiftFormCase) async throws {
            let fast = try await FormsSession.run(form)
            let compiled = try await FormsSession.run(form, environment: ["WORKBENCH_ENGINE": "compiled"])
            #expect(compiled.fullOutput == fast.fullOutput, "fast path:\n\(fast.report)\ncompiled path:\n\(compiled.report)")
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

    static func run(_ form: SwiftFormCase, environment extra: [String: String] = [:]) async throws -> FormsSession {
        let marker = try await Self.marker.get()
        try #require(!marker.isEmpty, "`\(markerInput)` printed nothing, so it cannot mark where an input's output begins")
        let script = form.inputs.map { "\(markerInput)\n\($0.text)\n" }.joined()
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // The compiled path runs the toolchain's `swift`, found on PATH.
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
        variables.merge(extra) { $1 }
        let result = try await PipedRun.run(try Binaries.workbench, input: script,
                                      environment: isolatedEnvironment(home: home.url, extra: variables))
        let parts = result.output.components(separatedBy: marker)
        let report = "script:\n\(script)\noutput:\n\(result.output)\nerror output:\n\(result.errorOutput)"
        try #require(parts.count == form.inputs.count + 1 && parts[0].isEmpty, "the markers did not split the output\n\(report)")
        let checked = zip(form.inputs, parts.dropFirst()).filter { $0.0.checked }.map(\.1).joined()
        return FormsSession(checkedOutput: masked(checked), fullOutput: masked(parts.joined()), report: report)
    }

    /// Ports and timings, as forms_output.py masks them (sizes and clock times stay).
    static func masked(_ text: String) -> String {
        SnippetOutput.masked(text, sizesAndClocks: false)
    }
}
