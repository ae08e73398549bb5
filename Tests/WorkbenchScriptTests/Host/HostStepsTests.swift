import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// Several inputs run as one compiled input of a step each (`play` runs the statements below a
/// change so): each is a step, a failure leaves the ones before it, and the session can be cut
/// between two of them without running the ones above the cut again.
@MainActor
@Suite(.serialized) struct HostStepsTests {
    @Test func eachInputIsAStepAndACutBetweenThemKeepsTheValuesAbove() async throws {
        let session = HostSession()
        let (output, outcome) = await session.runSteps(["let r = Int.random(in: 1...1_000_000)", "let doubled = r * 2", "print(\"done\")"])
        #expect(outcome.succeeded && outcome.steps.map(\.source) == ["let r = Int.random(in: 1...1_000_000)", "let doubled = r * 2", "print(\"done\")"])
        let value = try #require(output.split(separator: "\n").dropFirst().first.flatMap { Int($0) }, "\(output)")
        #expect(output == shown("r", value, type: "Int") + shown("doubled", value * 2, type: "Int") + "done\n")
        // Each step with the values it showed, which `save` prints after it.
        #expect(outcome.shownBySteps == [["r"], ["doubled"], []])
        // Cut after `r`: it keeps its value, not run again (not even quietly); `doubled` is gone.
        session.keepFirst(1)
        #expect(await session.run("print(r)").output == "\(value)\n")
        let gone = await session.run("print(doubled)")
        #expect(!gone.outcome.succeeded
                && gone.output.hasPrefix("error: 1:7: 'doubled' is unavailable: no value in the Swift host: `let doubled = r * 2` was changed or removed since"),
                "\(gone.output)")
    }

    @Test func theInputsBeforeAFailureAreStepsAndKeepTheirValues() async {
        let session = HostSession()
        let (output, outcome) = await session.runSteps(["let a = 5", "let b: Int = try { throw CancellationError() }()", "let c = 1"])
        #expect(!outcome.succeeded && outcome.failedUnit == 1 && outcome.steps.map(\.source) == ["let a = 5"])
        #expect(output == shown("a", 5, type: "Int") + "error: CancellationError()\n", "\(output)")
        #expect(await session.run("print(a)").output == "5\n")
    }

    /// Nothing runs; the caller is told which input does not compile, and prints it.
    @Test func aCompileErrorNamesItsInputAndIsLeftToTheCaller() async {
        let session = HostSession()
        let (output, outcome) = await session.runSteps(["let a = 1", "let b = nope", "let c = 2"])
        #expect(!outcome.succeeded && outcome.failedUnit == 1 && outcome.steps.isEmpty)
        #expect(outcome.compileError?.message == "cannot find 'nope' in scope" && output.isEmpty, "\(output)")
    }

    /// A rebuild runs such an input only as far as the session kept it: what a dropped unit
    /// changed in the old host is not done again.
    @Test func aRebuildRunsOnlyTheKeptInputs() async {
        let session = HostSession()
        #expect(await session.runSteps(["var total = 1", "total += 100"]).outcome.succeeded)
        session.keepFirst(1)
        // What the dropped `total += 100` did stays done in this host (play starts at the `var`
        // for that reason: ChangedVariables).
        #expect(await session.run("print(total)").output == "101\n")
        let crash = await session.run("func down(_ n: Int) -> Int { n + down(n + 1) }\ndown(0)").output
        #expect(crash.contains("the Swift session was rebuilt: 2 inputs run again"), "\(crash)")
        #expect(await session.run("print(total)").output == "1\n")
    }

    /// A trap that ends the host (the input awaits, so it is not caught) rebuilds the session with
    /// the steps before it, which keep their values: the input is not left out as work that ended
    /// the host would be.
    @Test func aTrapInAnInputOfSeveralThatAwaitsKeepsTheStepsBeforeIt() async {
        let session = HostSession()
        let (output, outcome) = await session.runSteps(["let a = 5", "try await Task.sleep(nanoseconds: 1)", "let b = [1][3]"])
        #expect(!outcome.succeeded && outcome.steps.count == 2, "\(output)")
        #expect(output.contains("the Swift session was rebuilt: 2 inputs run again") && !output.contains("left out"), "\(output)")
        #expect(await session.run("print(a)").output == "5\n")
    }

    /// An extension above a cut stays in force (its library is imported whole), and a name only a
    /// dropped step bound is a one-line error rather than the value it left.
    @Test func anExtensionAboveACutStaysAndANameBelowItIsGone() async {
        let session = HostSession()
        #expect(await session.runSteps(["extension Int { var squared: Int { self * self } }", "let x = 3", "let y = x.squared"]).outcome.succeeded)
        session.keepFirst(2)
        #expect(await session.run("print(4.squared, x)").output == "16 3\n")
        let gone = await session.run("print(y)").output
        #expect(gone.hasPrefix("error: 1:7: 'y' is unavailable: no value in the Swift host: `let y = x.squared` was changed or removed since"), "\(gone)")
    }
}
