import Foundation
import TestSupport
import Testing

/// Bodies that stream, at a terminal as a person watches them: each piece is on the screen before
/// the server has sent the next (`GatedStreamServer` sends a piece only when the test says so),
/// Ctrl-C keeps what arrived, and `decode` reads an event stream's data.
@Suite(.serialized) struct StreamTests {
    static func event(_ id: Int) -> String {
        "id: \(id)\nevent: tick\ndata: {\"n\": \(id), \"note\": \"tick-\(id)\"}\n\n"
    }

    @Test func eachEventIsShownBeforeTheNextIsSentAndDecodeReadsTheirData() async throws {
        let server = try GatedStreamServer(contentType: "text/event-stream", pieces: (1...3).map(Self.event))
        defer { server.stop() }
        try await PseudoTerminal.withWorkbench(arguments: ["--no-sandbox"]) { terminal, _ in
            var mark = terminal.mark
            terminal.type("get \(server.url)ticks\r")
            try await terminal.waitFor("text/event-stream · streaming · Ctrl-C stops and keeps what arrived", after: mark)
            for id in 1...3 {
                server.release()
                let shown = try await terminal.waitFor("\"note\": \"tick-\(id)\"}", after: mark)
                #expect(shown.contains("id: \(id) · event: tick"))
                #expect(!shown.contains("tick-\(id + 1)"))
                #expect(server.piecesSent == id)
                mark = terminal.mark
            }
            server.release()
            try await terminal.waitFor("HTTP 200 OK · text/event-stream · ", after: mark)
            try await terminal.waitFor(" · 3 events\r\n", after: mark)
            try await terminal.waitForPrompt("> ", after: mark)
            mark = terminal.mark
            terminal.type("struct Tick: Codable { let n: Int; let note: String }\r")
            try await terminal.waitForPrompt("> ", after: mark)
            mark = terminal.mark
            terminal.type("decode [Tick]\r")
            try await terminal.waitFor(#"[main.Tick(n: 1, note: "tick-1"), main.Tick(n: 2, note: "tick-2"), main.Tick(n: 3, note: "tick-3")]"#, after: mark)
        }
    }

    @Test func ctrlCStopsAStreamAndKeepsWhatArrived() async throws {
        let server = try GatedStreamServer(contentType: "text/event-stream", pieces: (1...5).map(Self.event))
        defer { server.stop() }
        try await PseudoTerminal.withWorkbench(arguments: ["--no-sandbox"]) { terminal, _ in
            var mark = terminal.mark
            terminal.type("get \(server.url)ticks\r")
            server.release()
            server.release()
            try await terminal.waitFor("tick-2", after: mark)
            terminal.type("\u{3}")
            try await terminal.waitFor(" · 2 events · stopped with Ctrl-C\r\n", after: mark)
            try await terminal.waitForPrompt("> ", after: mark)
            mark = terminal.mark
            terminal.type("history\r")
            try await terminal.waitFor("GET", after: mark)
            mark = terminal.mark
            terminal.type("struct Tick: Codable { let n: Int }\r")
            try await terminal.waitForPrompt("> ", after: mark)
            mark = terminal.mark
            terminal.type("decode [Tick]\r")
            try await terminal.waitFor("[main.Tick(n: 1), main.Tick(n: 2)]", after: mark)
        }
    }

    /// A chunked text body still arriving after a moment is shown as it comes; NDJSON line by line.
    @Test func aSlowChunkedBodyAndNDJSONAreShownAsTheyArrive() async throws {
        let slow = try GatedStreamServer(contentType: "text/plain", pieces: ["first part, ", "second part\n"])
        defer { slow.stop() }
        try await PseudoTerminal.withWorkbench(arguments: ["--no-sandbox"]) { terminal, _ in
            var mark = terminal.mark
            terminal.type("get \(slow.url)log\r")
            slow.release()
            try await terminal.waitFor("text/plain · streaming", after: mark)
            try await terminal.waitFor("first part, ", after: mark)
            #expect(slow.piecesSent == 1)
            slow.release()
            slow.release()
            try await terminal.waitFor("second part\r\nHTTP 200 OK · text/plain · 24 B", after: mark)
            try await terminal.waitForPrompt("> ", after: mark)

            let lines = try GatedStreamServer(contentType: "application/x-ndjson", pieces: ["{\"a\": 1}\n{\"a\"", ": 2}\n"])
            defer { lines.stop() }
            mark = terminal.mark
            terminal.type("get \(lines.url)lines\r")
            lines.release()
            // A line is shown when it is whole: the second waits for its end.
            try await terminal.waitFor("application/x-ndjson · streaming", after: mark)
            try await terminal.waitFor("{\"a\": 1}\r\n", after: mark)
            #expect(!String(decoding: Array(terminal.output.utf8)[mark...], as: UTF8.self).contains("{\"a\"\r\n"))
            lines.release()
            lines.release()
            try await terminal.waitFor("{\"a\": 2}\r\nHTTP 200 OK · application/x-ndjson · 18 B", after: mark)
            try await terminal.waitFor(" · 2 lines\r\n", after: mark)
        }
    }

    /// Any body still arriving a moment after its head is shown as it comes, whatever its type: one
    /// with a declared length that is not text (as `/drip`'s) in the hex view's rows, its first bytes
    /// on the screen before the rest is sent; then the status line, and `body` shows the whole.
    @Test func aSlowBinaryBodyIsShownInHexAsItArrives() async throws {
        let server = try GatedStreamServer(contentType: "application/octet-stream", pieces: ["\u{1}ab", "cd\u{2}"], declaresLength: true)
        defer { server.stop() }
        try await PseudoTerminal.withWorkbench(arguments: ["--no-sandbox"]) { terminal, _ in
            var mark = terminal.mark
            terminal.type("get \(server.url)blob\r")
            server.release()
            try await terminal.waitFor("application/octet-stream · streaming · Ctrl-C stops and keeps what arrived\r\n", after: mark)
            try await terminal.waitFor("00000000  01 61 62 ", after: mark)
            #expect(server.piecesSent == 1)
            server.release()
            let row = "00000000  01 61 62 63 64 02" + String(repeating: " ", count: 32) + ".abcd."
            try await terminal.waitFor(".abcd.\r\nHTTP 200 OK · application/octet-stream · 6 B", after: mark)
            #expect(terminal.output.contains(row + "\r\n"))
            try await terminal.waitForPrompt("> ", after: mark)
            mark = terminal.mark
            terminal.type("body\r")
            try await terminal.waitFor("binary · 6 B · application/octet-stream\r\n" + row + "\r\n", after: mark)
        }
    }

    /// `--stream` shows any body as it arrives; a Swift loop reads a stream's events one by one,
    /// and what it read joins the history.
    @Test func streamFlagAndEventsFromSwift() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let input = """
            get sandbox/httpbin/drip?duration=0.2&numbytes=3&delay=0 --stream
            for try await event in wb.events("sandbox/httpbin/sse?count=3&delay=0") { print(event.id ?? "-", event.event, event.data) }
            for try await event in wb.events("sandbox/httpbin/sse?count=50&delay=0.05") { print("first:", event.data); break }
            history
            for try await event in wb.events("sandbox/httpbin/json") { print(event) }

            """
        let run = try await PipedRun.run(try Binaries.workbench, [], input: input, environment: isolatedEnvironment(home: home.url))
        // Ports and times masked (with the spaces that right-align a time in the history).
        let output = SnippetOutput.masked(run.output + run.errorOutput, sizesAndClocks: false)
            .replacingOccurrences(of: " +TIME", with: " TIME", options: .regularExpression)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isHistory = { (line: String) in line.first?.isNumber == true && line.contains("  GET  ") }
        #expect(lines.filter { !isHistory($0) } == [
            "HTTP 200 OK · application/octet-stream · streaming · Ctrl-C stops and keeps what arrived",
            "***",
            "HTTP 200 OK · application/octet-stream · 3 B · TIME",
            #"1 tick {"id":1,"count":3,"message":"tick 1 of 3"}"#,
            #"2 tick {"id":2,"count":3,"message":"tick 2 of 3"}"#,
            #"3 tick {"id":3,"count":3,"message":"tick 3 of 3"}"#,
            #"first: {"id":1,"count":50,"message":"tick 1 of 50"}"#,
            "error: http://127.0.0.1:PORT/httpbin/json answered 200 OK (application/json), not a text/event-stream — `get` shows what it is",
            "",
        ], "\(run.output)\(run.errorOutput)")
        // The loop left with `break` joins the history too, with what had arrived when its request
        // stopped: at least the first event, maybe more (its size masked).
        var history = lines.filter(isHistory)
        if history.count == 3 {
            history[2] = history[2].replacingOccurrences(of: #" +\d+ B TIME"#, with: " SIZE TIME", options: .regularExpression)
        }
        #expect(history == [
            "1  GET     200       3 B TIME  http://127.0.0.1:PORT/httpbin/drip?duration=0.2&numbytes=3&delay=0",
            "2  GET     200     242 B TIME  http://127.0.0.1:PORT/httpbin/sse?count=3&delay=0",
            "3  GET     200 SIZE TIME  http://127.0.0.1:PORT/httpbin/sse?count=50&delay=0.05",
        ], "history lists the events' requests: \(run.output)")
    }
}
