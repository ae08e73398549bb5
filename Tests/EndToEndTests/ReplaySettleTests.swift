import Foundation
import TestSupport
import Testing

/// Replay's end waits for a page that set `needsIndefiniteExecution` until `finishExecution()`, or
/// the bound (docs/swift.md, "Replay waits for it"): a page that never says it is done is not ended in
/// silence.
@Suite struct ReplaySettleTests {
    @Test func aPageThatNeverFinishesIsEndedAtTheBoundWithOneLine() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let snippet = home.url.appendingPathComponent("forever.swift")
        try """
            import PlaygroundSupport
            PlaygroundPage.current.needsIndefiniteExecution = true
            print("started")

            """.write(to: snippet, atomically: true, encoding: .utf8)
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", snippet.path, "--no-sandbox"], input: "",
                                            environment: isolatedEnvironment(home: home.url))
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("» ") }
        #expect(lines == ["started", "(the page still runs after 10 s: it set needsIndefiniteExecution and did not call finishExecution(); the replay ends)"],
                "\(result.output)")
    }
}
