import SandboxTestSupport
import Foundation
import Testing

@testable import WorkbenchKit

/// Sending through URLSession to the live sandbox on an ephemeral port.
@MainActor
@Suite struct LiveExchangeTests {
    let console = capturedConsole()

    /// A Workbench based on the sandbox's httpbin, inside a running sandbox.
    func withHTTPBin(_ body: @MainActor (Workbench) async throws -> Void) async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(console: self.console)
            wb.sandboxURL = root
            try wb.base("sandbox/httpbin")
            try await body(wb)
        }
    }

    func json(_ exchange: Exchange) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: exchange.response.body) as? [String: Any])
    }

    @Test func jsonResponseIsRecordedAndPrintedWithAStatusLine() async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(console: console)
            wb.sandboxURL = root
            try wb.base("sandbox/jsonplaceholder")
            let exchange = try await wb.get("/posts", query: ["userId": "1"])
            #expect(exchange.response.statusCode == 200)
            #expect(exchange.response.mimeType == "application/json")
            let posts = try #require(JSONSerialization.jsonObject(with: exchange.response.body) as? [[String: Any]])
            #expect(posts.count == 10)
            #expect(wb.exchanges.count == 1 && exchange.number == 1)
            let first = try #require(output(of: console).split(separator: "\n").first)
            #expect(first.hasPrefix("HTTP 200 OK · application/json · "))
            #expect(first.hasSuffix(" ms") || first.hasSuffix(" s"))
            #expect(output(of: console).contains("… ") == (BodyRenderer.textLines(exchange.response.body).count > 40))
        }
    }

    @Test func trickyQueryValuesArriveIntact() async throws {
        try await withHTTPBin { wb in
            let values = ["a b", "x&y=z", "a/b?c", "café 😀", "100%"]
            for (index, value) in values.enumerated() { wb.query("v\(index)", value) }
            try wb.path("/anything")
            let exchange = try await wb.send()
            let args = try #require(try json(exchange)["args"] as? [String: Any])
            for (index, value) in values.enumerated() { #expect(args["v\(index)"] as? String == value) }
        }
    }

    @Test func headersAndJSONFieldsAreSent() async throws {
        try await withHTTPBin { wb in
            try wb.defaultHeader("X-Default", "d")
            let exchange = try await wb.post("/anything", headers: ["X-Trace": "abc"], json: ["title": "hé \"q\"", "n": 1, "ok": true, "none": nil])
            let echoed = try json(exchange)
            let headers = try #require(echoed["headers"] as? [String: Any])
            #expect(headers["X-Trace"] as? String == "abc")
            #expect(headers["X-Default"] as? String == "d")
            let sent = try #require(echoed["json"] as? [String: Any])
            #expect(sent["title"] as? String == "hé \"q\"")
            #expect(sent["n"] as? Int == 1)
            #expect(sent["ok"] as? Bool == true)
            #expect(sent["none"] is NSNull)
            #expect(echoed["method"] as? String == "POST")
        }
    }

    @Test(arguments: [404, 500, 418])
    func errorStatusesAreResponsesNotErrors(code: Int) async throws {
        try await withHTTPBin { wb in
            let exchange = try await wb.get("/status/\(code)")
            #expect(exchange.response.statusCode == code)
            #expect(output(of: console).hasPrefix("HTTP \(code) \(HTTPStatus.reasonPhrase(code))"))
        }
    }

    @Test func unauthorizedWithAChallengeComesBackInsteadOfHanging() async throws {
        try await withHTTPBin { wb in
            // A hang never comes back; the bound is generous because suites running beside this one
            // can starve it on a loaded 2-core machine.
            wb.timeout = 60
            let exchange = try await wb.get("/status/401")
            #expect(exchange.response.statusCode == 401)
        }
    }

    @Test func redirectsAreFollowedOrNot() async throws {
        try await withHTTPBin { wb in
            let followed = try await wb.get("/redirect/2")
            #expect(followed.response.statusCode == 200)
            #expect(followed.response.url?.path.hasSuffix("/get") == true)
            #expect(output(of: console).split(separator: "\n")[1] == "redirected to \(try #require(followed.response.url).absoluteString)")
            wb.followRedirects = false
            let stopped = try await wb.get("/redirect/2")
            #expect((300..<400).contains(stopped.response.statusCode))
            #expect(stopped.response.headers["location"] != nil)
            clearOutput(console)
            try wb.status()
            #expect(output(of: console).split(separator: "\n").last?.hasPrefix("Location: ") == true)
        }
    }

    @Test func gzipBodiesAreInflated() async throws {
        try await withHTTPBin { wb in
            let exchange = try await wb.get("/gzip")
            #expect(try json(exchange)["gzipped"] as? Bool == true)
        }
    }

    @Test func binaryBodiesShowSizeAndHex() async throws {
        try await withHTTPBin { wb in
            let exchange = try await wb.get("/bytes/100")
            #expect(exchange.response.body.count == 100)
            let lines = output(of: console).split(separator: "\n")
            #expect(lines.dropFirst().first?.hasPrefix("binary · 100 B") == true)
            #expect(lines.last == "… 36 more bytes")
        }
    }

    @Test func theWholeRequestTimesOut() async throws {
        try await withHTTPBin { wb in
            wb.timeout = 0.5
            let url = try wb.request.url().absoluteString + "/delay/3"
            await #expect(throws: WorkbenchError.timedOut(seconds: 0.5, url: url)) {
                try await wb.get("/delay/3")
            }
            #expect(wb.exchanges.isEmpty)
        }
    }

    @Test func chunkedBodiesArriveWhole() async throws {
        try await withHTTPBin { wb in
            let exchange = try await wb.get("/stream/5")
            let lines = String(decoding: exchange.response.body, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 5)
            #expect(exchange.response.headers["transfer-encoding"]?.lowercased() == "chunked")
            #expect(BodyRenderer.kind(of: exchange.response.body, mimeType: exchange.response.mimeType) == .text)
        }
    }

    /// A server dripping bytes never trips URLSession's idle timeout; the whole-request deadline ends it.
    /// With the status line only, the body is not shown as it arrives: a body shown so is a stream,
    /// which only its idle time ends.
    @Test func aDrippingServerHitsTheWholeRequestDeadline() async throws {
        try await withHTTPBin { wb in
            wb.timeout = 1
            wb.bodyLines = 0
            let url = try wb.request.url().absoluteString + "/drip?duration=4&numbytes=8&delay=0"
            await #expect(throws: WorkbenchError.timedOut(seconds: 1, url: url)) {
                try await wb.get("/drip?duration=4&numbytes=8&delay=0")
            }
        }
    }

    @Test func aResponsePastTheCapIsStopped() async throws {
        try await withHTTPBin { wb in
            wb.options.maxResponseBytes = 1000
            let url = try wb.request.url().absoluteString + "/bytes/5000"
            // httpbin's /bytes says its length: refused from the head, before any body is read.
            await #expect(throws: WorkbenchError.responseTooLarge(limit: 1000, url: url, declared: 5000)) { try await wb.get("/bytes/5000") }
        }
    }

    @Test func anInterruptCancelsTheRequest() async throws {
        try await withHTTPBin { wb in
            // Ctrl-C pending from the start: the request's first look cancels it. Waiting for the
            // poller's third look failed in full runs, whose main actor was busy for over the 10 s
            // of httpbin's longest delay (history's test below was changed the same way).
            wb.interruptRequested = { true }
            await #expect(throws: WorkbenchError.cancelled) { try await wb.get("/delay/10") }
        }
    }

    @Test func aClosedPortIsConnectionRefused() async throws {
        let closed = try ClosedLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        let port = closed.port
        let wb = Workbench(base: "http://127.0.0.1:\(port)", console: console)
        let error = await #expect(throws: WorkbenchError.self) { try await wb.get("/x") }
        guard case .transportFailure(let failure, let url)? = error else {
            Issue.record("expected a transport failure, got \(String(describing: error))")
            return
        }
        #expect(failure.cause == .connectionRefused)
        #expect(url == "http://127.0.0.1:\(port)/x")
    }

    /// `history` lists every attempt: sends that brought no response are marked in their places.
    @Test func historyMarksFailedAndCancelledSends() async throws {
        let closed = try ClosedLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        let port = closed.port
        try await withHTTPBin { wb in
            let base = try wb.request.url().absoluteString
            try await wb.get("/get")
            await #expect(throws: WorkbenchError.self) { try await wb.get("http://127.0.0.1:\(port)/x") }
            try await wb.get(base + "/status/404")
            // Ctrl-C pending from the start: the request's first look cancels it. (Waiting for the
            // poller's later looks failed in full runs, where the main actor was busy for seconds.)
            wb.interruptRequested = { true }
            await #expect(throws: WorkbenchError.cancelled) { try await wb.get(base + "/delay/5") }
            clearOutput(console)
            wb.history()
            let rows = output(of: console).split(separator: "\n").map(String.init)
            #expect(rows.count == 4)
            #expect(rows[0].hasPrefix("1  GET     200"))
            #expect(rows[1] == "✗  GET     failed: connection refused  http://127.0.0.1:\(port)/x")
            #expect(rows[2].hasPrefix("2  GET     404"))
            #expect(rows[3] == "✗  GET     cancelled  \(base)/delay/5")
        }
    }

    @Test func inspectCommandsNeedAResponse() {
        let wb = Workbench(console: console)
        #expect(throws: WorkbenchError.noResponse) { try wb.status() }
        #expect(throws: WorkbenchError.noResponse) { try wb.headers() }
        #expect(throws: WorkbenchError.noResponse) { try wb.body() }
        #expect(throws: WorkbenchError.noResponse) { try wb.timing() }
        #expect(throws: WorkbenchError.noSuchExchange(1, count: 0)) { try wb.show(1) }
    }
}

/// A loopback port nothing listens on, held bound (not listening) until the holder is closed: a
/// connection to it is refused, and no other test's server can be given it meanwhile (one closed
/// at once was, in a full run: the send got that server's 404).
final class ClosedLoopbackPort {
    let port: Int
    private let socket: Int32

    init() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let socket = self.socket
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRNOTAVAIL)
        }
    }

    deinit { close(socket) }
}
