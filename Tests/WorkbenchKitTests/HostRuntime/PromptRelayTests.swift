import Foundation
import Testing

@testable import WorkbenchKit

/// The compiled program's relay, without installing it process-wide (other tests send meanwhile):
/// recorded sends come back in order, running out never reaches the network, live sends are reported.
@MainActor
@Suite struct PromptRelayTests {
    @Test func recordedSendsAnswerInOrderAndRunningOutThrows() throws {
        let first = PromptArchiveTests.exchange(number: 4)
        let relay = PromptRelay(recording: [.exchange(first), .sendFailed("could not connect")], results: -1)
        let url = URL(string: "http://127.0.0.1:1/x")!
        #expect(try relay.nextRecorded(for: url).number == 4)
        #expect(throws: WorkbenchError.transportFailure(TransportFailure(cause: .other("could not connect"), code: 0), url: url.absoluteString)) {
            try relay.nextRecorded(for: url)
        }
        #expect(throws: WorkbenchError.self) { try relay.nextRecorded(for: url) }
    }

    @Test func documentsAnswerTheirOwnReadsInOrderApartFromSends() throws {
        let relay = PromptRelay(recording: [.document(DocumentRead(path: "a.json", copy: "/c/1")), .exchange(PromptArchiveTests.exchange(number: 2)),
                                            .document(DocumentRead(path: "b.json", copy: nil)), .document(DocumentRead(path: "a.json", copy: "/c/2"))],
                                results: -1)
        #expect(try relay.nextRecorded(for: URL(string: "http://127.0.0.1:1/x")!).number == 2)
        #expect(relay.recordedDocument(path: "b.json") == nil)  // not next: nothing is taken
        #expect(relay.recordedDocument(path: "a.json") == "/c/1")
        #expect(relay.recordedDocument(path: "b.json") == nil)  // next, read into memory the first time
        #expect(relay.recordedDocument(path: "a.json") == "/c/2")
        #expect(relay.recordedDocument(path: "a.json") == nil)
    }

    @Test func liveSendsAreAppendedToTheResultsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        let relay = PromptRelay(recording: [], results: descriptor)
        relay.finished(.success(PromptArchiveTests.exchange()))
        relay.finished(.failure(.cancelled))
        close(descriptor)
        let events = PromptEvent.all(in: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(events.count == 2)
        guard case .exchange(let exchange) = events[0], case .sendFailed(let text) = events[1] else {
            Issue.record("read back as \(events)")
            return
        }
        #expect(exchange.response.statusCode == 201)
        #expect(text == WorkbenchError.cancelled.description)
    }

    @Test func offlineRoutesSendRealHostsToTheSandbox() {
        let sandbox = URL(string: "http://127.0.0.1:4000")!
        let routes = [OfflineRoute(host: "api.example.com", pathPrefix: "/v2/", sandboxPath: "/example/v2/")]
        let real = URL(string: "https://API.example.com/v2/items?q=1#top")!
        #expect(OfflineRoute.sandboxURL(for: real, sandbox: sandbox, routes: routes)?.absoluteString
                == "http://127.0.0.1:4000/example/v2/items?q=1#top")
        #expect(OfflineRoute.sandboxURL(for: URL(string: "https://api.example.com/v1/items")!, sandbox: sandbox, routes: routes) == nil)
    }
}
