import Testing
@testable import WorkbenchScript

/// The host's bookkeeping of the session's steps, without a host: what is caught up on next, what
/// a failed step leaves unbound, and what a cut or a cleared session undoes.
@Suite struct HostCatchUpTests {
    let steps = ["let a = 1", "let b = a.nope", "let c = 3", "print(c)"]

    @Test func thePendingStepsAreThoseNotRunNorPassedOver() {
        var catchUp = HostCatchUp()
        #expect(catchUp.pending(steps).map(\.number) == [1, 2, 3, 4])
        catchUp.ran(through: 1)
        catchUp.passOver(2, line: "let b = a.nope", binding: ["b"])
        #expect(catchUp.pending(steps).map(\.number) == [3, 4])
        #expect(catchUp.pending(steps).map(\.step) == ["let c = 3", "print(c)"])
        catchUp.ran(through: 3)
        catchUp.ran(more: 1)
        #expect(catchUp.synced == 4 && catchUp.pending(steps).isEmpty)
    }

    @Test func aPassedOverStepsNamesHaveNoValueUntilBoundAgain() {
        var catchUp = HostCatchUp()
        catchUp.passOver(2, line: "let b = a.nope", binding: ["b", "d"])
        #expect(catchUp.unbound(among: ["b", "x"], declared: []).map(\.name) == ["b"])
        #expect(catchUp.unbound(among: ["b", "d"], declared: ["d"]).map(\.message)
                == ["no value in the Swift host: earlier input `let b = a.nope` failed there"])
        catchUp.unbind(["e"], of: "let e = f()", because: "its line did not run")
        #expect(catchUp.unbound(among: ["e"], declared: []).map(\.message) == ["no value in the Swift host: `let e = f()` its line did not run"])
        catchUp.bind(["b", "e"])
        #expect(!catchUp.isUnbound("b") && !catchUp.isUnbound("e") && catchUp.isUnbound("d"))
    }

    @Test func aCutForgetsTheRunAndThePassingOverAfterIt() {
        var catchUp = HostCatchUp()
        catchUp.passOver(2, line: "let b = a.nope", binding: ["b"])
        catchUp.ran(through: 4)
        catchUp.keep(through: 1)
        #expect(catchUp.synced == 1 && catchUp.pending(steps).map(\.number) == [2, 3, 4])
        // A cut above what ran changes nothing.
        catchUp.keep(through: 3)
        #expect(catchUp.synced == 1)
    }

    @Test func aClearedSessionStartsAgainAndANewProcessRunsEverythingAgain() {
        var catchUp = HostCatchUp()
        catchUp.passOver(2, line: "let b = a.nope", binding: ["b"])
        catchUp.ran(through: 3)
        #expect(catchUp.wasCleared(2) && !catchUp.wasCleared(3))
        catchUp.forgetRun()
        #expect(catchUp.synced == 0 && catchUp.pending(steps).map(\.number) == [1, 3, 4] && catchUp.isUnbound("b"))
        catchUp.restart()
        #expect(catchUp == HostCatchUp())
    }
}
