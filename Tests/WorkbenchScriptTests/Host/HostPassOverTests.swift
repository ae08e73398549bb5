import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// A caught-up step that fails in the Swift host is reported once, at its step, and later inputs
/// run; a later use of what it bound is a one-line error (HostCatchUpTests: the bookkeeping alone).
@MainActor @Suite(.serialized) struct HostPassOverTests {
    @Test func aFailingCaughtUpStepIsReportedOnceAndPassedOver() async throws {
        let console = Console(capturingWithColors: false)
        let host = SwiftHost(console: console)
        defer { host.close() }
        try #require(host.isAvailable)
        var steps = ["struct Oops: Error {}", "let bad: Int = try { throw Oops() }()", "let broken: Int = \"text\"", "let good = 2"]
            .map { LoggedStep(source: $0) }
        func run(_ input: String) async -> (text: String, outcome: HostOutcome) {
            console.clearCaptured()
            let outcome = await host.run(input, after: steps, interrupted: { false })
            if let step = outcome.step { steps.append(step) }
            return (console.capturedText, outcome)
        }
        let first = await run("print(good + 1)")
        #expect(first.outcome.succeeded, "\(first.text)")
        #expect(first.text.contains("error: earlier input `let bad: Int = try { throw Oops() }()` fails in the Swift host: Oops()\n"))
        #expect(first.text.contains("error: earlier input `let broken: Int = \"text\"` no longer compiles: "))
        #expect(first.text.hasSuffix("3\n"), "\(first.text)")
        let second = await run("print(good * 10)")
        #expect(second.text == "20\n")
        let third = await run("print(bad)")
        #expect(!third.outcome.succeeded)
        #expect(third.text.components(separatedBy: "\n").filter { !$0.isEmpty }
            == ["error: 1:7: 'bad' is unavailable: no value in the Swift host: earlier input `let bad: Int = try { throw Oops() }()` failed there",
                "  print(bad)", "        ^"])
        // Bound again, the name has its new value.
        let fourth = await run("let bad = good + 5; print(bad)")
        #expect(fourth.outcome.succeeded)
        #expect(fourth.text.hasSuffix("\n7\n") && !fourth.text.contains("error:"), "\(fourth.text)")
    }
}
