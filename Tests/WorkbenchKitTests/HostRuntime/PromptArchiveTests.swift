import Foundation
import Testing

@testable import WorkbenchKit

/// What crosses between the REPL and a compiled input's program: exchanges, request drafts and
/// events survive the binary format unchanged, and a record cut short is dropped, not misread.
@MainActor
@Suite struct PromptArchiveTests {
    static func exchange(number: Int = 1, body: Data = Data(#"[{"id": 1}]"#.utf8)) -> Exchange {
        Exchange(
            number: number, method: "POST", url: URL(string: "https://example.com/items?q=caf%C3%A9&flag")!,
            requestHeaders: HeaderList([.init(name: "Accept", value: "application/json"), .init(name: "X-Two", value: "a, b")]),
            requestBody: Data(#"{"name": "x"}"#.utf8),
            response: Response(statusCode: 201, headers: HeaderList([.init(name: "Content-Type", value: "application/json")]),
                               body: body, url: URL(string: "https://example.com/items/1")),
            timing: Exchange.Timing(sentAt: Date(timeIntervalSinceReferenceDate: 12345.678), headers: .milliseconds(3),
                                    total: .microseconds(4567)),
            offline: true)
    }

    func roundTrip(_ exchange: Exchange) throws -> Exchange {
        var writer = BinaryWriter()
        exchange.write(to: &writer)
        var reader = BinaryReader(Data(writer.bytes))
        let read = try Exchange(from: &reader)
        #expect(reader.isAtEnd)
        return read
    }

    func expectSame(_ a: Exchange, _ b: Exchange) {
        #expect(a.number == b.number && a.method == b.method && a.url == b.url)
        #expect(a.requestHeaders == b.requestHeaders && a.requestBody == b.requestBody)
        #expect(a.response.statusCode == b.response.statusCode && a.response.headers == b.response.headers)
        #expect(a.response.body == b.response.body && a.response.url == b.response.url)
        #expect(a.timing.sentAt == b.timing.sentAt && a.timing.headers == b.timing.headers && a.timing.total == b.timing.total)
        #expect(a.offline == b.offline)
    }

    @Test func anExchangeSurvivesTheArchive() throws {
        let original = Self.exchange()
        expectSame(try roundTrip(original), original)
        let binary = Self.exchange(body: Data((0..<300_000).map { UInt8($0 % 256) }))
        expectSame(try roundTrip(binary), binary)
    }

    @Test func aRequestStateSurvivesTheArchive() throws {
        let wb = Workbench(console: Console(capturingWithColors: false))
        try wb.base("https://example.com/api")
        try wb.path("items")
        wb.query("q", "two words & more")
        wb.request.queryItems.append(URLQueryItem(name: "flag", value: nil))
        try wb.header("Authorization", "Bearer abc")
        try wb.defaultHeader("X-Default", "1")
        try wb.method("PATCH")
        wb.request.body = .form([URLQueryItem(name: "a", value: "1+2"), URLQueryItem(name: "b", value: nil)])
        wb.timeout = 5
        wb.bodyLines = 7
        wb.shownValues = ["posts.count", #"names.map(\.count)"#]
        // The jar travels too: a session cookie and one with an expiry (to the second) and flags.
        wb.cookieJar.store("a=1", from: URL(string: "http://example.com/api/x")!)
        wb.cookieJar.store("sid=x y; Domain=example.com; Path=/api; Max-Age=3600; Secure; HttpOnly",
                           from: URL(string: "https://example.com/api")!, now: Date(timeIntervalSince1970: 1_800_000_000))
        for state in [wb.requestState, { wb.request.body = .json(#"{"a": 1}"#); return wb.requestState }(),
                      { wb.request.body = .file(path: "x.bin", data: Data([0, 1, 2])); return wb.requestState }(),
                      { wb.request.body = .text("<a>1</a>"); return wb.requestState }(),
                      { wb.request.body = .multipart(MultipartBody(parts: [
                          .text("title", "Hi"), .init(name: "f", data: Data([0, 255]), filename: "f.bin", contentType: "image/png", path: "/t/f.bin"),
                      ])); return wb.requestState }()] {
            let events = PromptEvent.all(in: Data(PromptEvent.bytes([.state(state)])))
            guard case .state(let read) = try #require(events.first) else {
                Issue.record("not a state: \(events)")
                return
            }
            #expect(read == state)
            #expect(read.cookies.count == 2)
            let other = Workbench(console: Console(capturingWithColors: false))
            other.restore(read)
            #expect(other.requestState == state)
            #expect(try other.request.url() == (try wb.request.url()))
        }
    }

    @Test func eventsReadBackInOrderAndACutRecordIsDropped() throws {
        let events: [PromptEvent] = [.step(1), .step(2), .live, .exchange(Self.exchange()), .sendFailed("refused"), .thrown("boom"), .finished,
                                     .shown(label: "r", digest: .max)]
        let bytes = PromptEvent.bytes(events)
        let read = PromptEvent.all(in: Data(bytes))
        #expect(read.count == events.count)
        guard case .step(2) = read[1], case .sendFailed("refused") = read[4], case .thrown("boom") = read[5], case .finished = read[6],
              case .shown("r", .max) = read[7] else {
            Issue.record("read back as \(read)")
            return
        }
        let cut = PromptEvent.all(in: Data(PromptEvent.bytes([.live, .exchange(Self.exchange())]).dropLast(5)))
        #expect(cut.count == 1)
    }

    /// A body of 64 KB or more crosses as a file of its own that the reader maps: the archive
    /// holds its name, not its bytes (docs/ARCHITECTURE.md, "The Swift host").
    @Test func aLargeBodyIsWrittenToAFileTheReaderMaps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = Self.exchange(body: Data((0..<300_000).map { UInt8($0 % 251) }))
        let read = DocumentRead(path: "~/photos.json", copy: "/tmp/document-abc")
        let (bytes, files) = PromptEvent.bytes([.exchange(Self.exchange()), .exchange(large), .document(read)], spillingTo: folder)
        #expect(files.count == 1 && bytes.count < 2_000)
        #expect(try Data(contentsOf: folder.appendingPathComponent(files[0])) == large.response.body)
        let events = PromptEvent.all(in: Data(bytes), folder: folder)
        guard events.count == 3, case .exchange(let small) = events[0], case .exchange(let back) = events[1],
              case .document(let document) = events[2] else {
            Issue.record("read back as \(events)")
            return
        }
        expectSame(small, Self.exchange())
        expectSame(back, large)
        #expect(DocumentCopy.isSharedMapping(back.response.body) && !DocumentCopy.isSharedMapping(small.response.body))
        #expect(document == read)
        // Without the folder the name leads nowhere: the record is dropped, not misread.
        #expect(PromptEvent.all(in: Data(bytes)).count == 1)
    }

    @Test func joinedExchangesAreNumberedOnAndBecomeTheCurrentResponse() throws {
        let wb = Workbench(console: Console(capturingWithColors: false))
        wb.join([Self.exchange(number: 7), Self.exchange(number: 8, body: Data("[]".utf8))])
        #expect(wb.exchanges.map(\.number) == [1, 2])
        #expect(wb.currentDocument?.data == Data("[]".utf8))
    }
}
