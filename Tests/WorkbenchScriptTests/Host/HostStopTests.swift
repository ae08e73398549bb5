import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// Work the inputs left running, stopped (`stop`, Ctrl-C at an empty prompt), and a rebuilt session,
/// which runs none of it again.
@MainActor
@Suite(.serialized) struct HostStopTests {
    @Test func stopEndsTheTimersTasksAndRequestsLeftRunningAndKeepsTheValues() async throws {
        let listener = try NeverAnsweringServer()
        let session = HostSession()
        await session.run("let kept = [1, 2, 3]")
        await session.run(#"Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in print("tick") }"#)
        await session.run(#"Task { try await Task.sleep(for: .seconds(60)); print("slept") }"#)
        // The completion handler tells how the request ended; the pause lets URLSession's queue hand
        // the request to libcurl before the input ends.
        await session.run("""
            URLSession.shared.dataTask(with: URL(string: "\(listener.url)")!) { _, _, error in
                print(error == nil ? "answered" : "ended with an error")
            }.resume()
            Thread.sleep(forTimeInterval: 0.5)
            """)
        // Under load URLSession's queue can hand the request to libcurl after the input's pause:
        // `stop` counts it once it is connected, which the server sees.
        try #require(listener.waitForConnection(seconds: 20))
        session.console.clearCaptured()
        #expect(await session.host.stopWorkLeftRunning() == StoppedWork(timers: 1, tasks: 1, requests: 1))
        try await waitForOutput("ended with an error\n", in: session)
        #expect(session.console.capturedText == "ended with an error\n")
        #expect(await session.host.stopWorkLeftRunning() == StoppedWork())
        #expect(await session.run("kept.count").output == shown("kept.count", 3, type: "Int"))
    }

    /// `print` holds standard output while it runs the input's `description`: stopped there, the
    /// host lets go of it, so work on another thread still prints.
    @Test func aLoopStoppedInsidePrintLeavesOutputToOtherThreads() async throws {
        let session = HostSession()
        await session.run("struct Loud: CustomStringConvertible { var description: String { while true {} } }")
        let output = await session.run(#"print("loud"); print(Loud())"#) { session.console.capturedText.contains("loud\n") }.output
        #expect(output == "loud\nerror: interrupted\n")
        await session.run(#"Task.detached { print("from another thread") }"#)
        try await waitForOutput("from another thread\n", in: session)
    }

    @Test func stopWithoutAHostStopsNothing() async {
        let session = HostSession()
        #expect(await session.host.stopWorkLeftRunning() == StoppedWork())
    }

    /// A trap while an input awaits still ends the host: the rebuild prints nothing of the earlier
    /// inputs, starts none of their work again, and names the value that came out different.
    @Test func aRebuildRepeatsNoWorkAndNamesTheNewValues() async throws {
        let session = HostSession()
        await session.run("let fixed = 7")
        await session.run("let drawn = Int.random(in: 1...1_000_000_000)")
        await session.run(#"Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in print("tick") }"#)
        await session.run(#"DispatchQueue.main.async { print("queued") }"#)
        // Printed between inputs, before the next one starts.
        try await waitForOutput("queued\n", in: session)
        let output = await session.run("try await Task.sleep(nanoseconds: 1_000); print([1][3])").output
        let lines = output.split(separator: "\n")
        #expect(lines.first == "Fatal error: Index out of range", "\(output)")
        #expect(lines.count == 2 && lines[1].hasPrefix("the Swift session was rebuilt: 4 inputs run again in "), "\(output)")
        #expect(lines.last?.hasSuffix(" s, without compiling; new values: drawn; stopped what they left running: 1 timer") == true, "\(output)")
        #expect(await session.host.stopWorkLeftRunning() == StoppedWork())
        #expect(await session.run("fixed").output == shown("fixed", 7, type: "Int"))
    }

    /// Waits for `text` in what the session printed (work left running prints between inputs).
    private func waitForOutput(_ text: String, in session: HostSession) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !session.console.capturedText.contains(text), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(session.console.capturedText.contains(text), "\(session.console.capturedText)")
    }

    @Test func theRebuildLineSaysWhatIsKnown() {
        let unknown = RebuildLine(inputs: 1, seconds: 0.04, changed: nil, stoppedAgain: StoppedWork())
        #expect(unknown.text == "the Swift session was rebuilt: 1 input run again in 0.04 s, without compiling; values that depend on time or chance are new")
        let same = RebuildLine(inputs: 3, seconds: 1, changed: [], stoppedAgain: StoppedWork(tasks: 2, requests: 1))
        #expect(same.text == "the Swift session was rebuilt: 3 inputs run again in 1.00 s, without compiling; every value shown is as it was; stopped what they left running: 2 tasks, 1 request")
        let many = RebuildLine(inputs: 9, seconds: 0.5, changed: ["a", "b", "c", "d", "e", "f", "g", "h"], stoppedAgain: StoppedWork())
        #expect(many.text.hasSuffix("; new values: a, b, c, d, e, f and 2 more"))
    }

    @Test func theStopLineCountsEachKind() {
        #expect(StoppedWork().line == "nothing was left running")
        #expect(StoppedWork(timers: 1, tasks: 2).line == "stopped 1 timer, 2 tasks")
        #expect(StoppedWork(requests: 3).line == "stopped 3 requests")
        #expect(StoppedWork(answer: "ok 1 0 2") == StoppedWork(timers: 1, requests: 2))
        #expect(StoppedWork(answer: "load unknown command") == nil)
    }
}

/// A loopback port that takes connections and never answers: a request to it stays in flight.
private final class NeverAnsweringServer {
    private let socket: Int32
    let url: String

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        guard bound == 0, listen(socket, 8) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/never"
    }

    /// Whether a client connected within `seconds`; the connection is accepted and kept open,
    /// never answered.
    func waitForConnection(seconds: Int32) -> Bool {
        var polled = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&polled, 1, seconds * 1000) == 1 else { return false }
        let client = accept(socket, nil, nil)
        if client >= 0 { accepted.append(client) }
        return client >= 0
    }

    private var accepted: [Int32] = []

    deinit {
        for client in accepted { close(client) }
        close(socket)
    }
}
