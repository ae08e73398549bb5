import Foundation
import Testing
@testable import WorkbenchKit

/// The event-stream parser against the HTML standard's rules ("Interpreting an event stream"),
/// fed whole and byte by byte: a piece boundary must never change what is dispatched.
struct ServerSentEventParserTests {
    func events(_ text: String) -> [ServerSentEvent] {
        let whole = ServerSentEventParser.events(in: Array(text.utf8))
        var parser = ServerSentEventParser()
        let byByte = Array(text.utf8).flatMap { parser.feed([$0]) }
        #expect(whole == byByte, "fed byte by byte: \(byByte)")
        return whole
    }

    @Test func fieldsMakeAnEventABlankLineDispatchesIt() {
        #expect(events("id: 1\nevent: tick\nretry: 3000\ndata: {\"n\": 1}\n\n")
            == [ServerSentEvent(event: "tick", data: #"{"n": 1}"#, id: "1", retry: 3000)])
    }

    @Test func dataLinesJoinWithNewlinesAndOneLeadingSpaceIsDropped() {
        #expect(events("data:first\ndata:  second\ndata\n\n") == [ServerSentEvent(data: "first\n second\n")])
    }

    @Test func carriageReturnsEndLinesEvenSplitAcrossPieces() {
        #expect(events("data: a\r\n\r\ndata: b\r\rdata: c\n\n").map(\.data) == ["a", "b", "c"])
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: x\r".utf8)).isEmpty)
        // The LF after a CR in the next piece is the same line end, not a blank line.
        #expect(parser.feed(Array("\ndata: y\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\n\r\n".utf8)) == [ServerSentEvent(data: "x\ny")])
    }

    @Test func commentsUnknownFieldsAndEventsWithoutDataAreDropped() {
        #expect(events(": keep-alive\n\nevent: ping\n\nfoo: bar\ndata: kept\n\n") == [ServerSentEvent(data: "kept")])
    }

    @Test func anEmptyDataLineIsAnEventWithEmptyData() {
        #expect(events("data:\n\n") == [ServerSentEvent(data: "")])
    }

    @Test func theLastIdCarriesOverAndAnIdWithNULIsIgnored() {
        #expect(events("id: 7\ndata: a\n\ndata: b\n\nid: x\u{0}y\ndata: c\n\nid\ndata: d\n\n").map(\.id) == ["7", "7", "7", ""])
    }

    @Test func retryMustBeDigitsAndBelongsToItsEvent() {
        #expect(events("retry: 1.5\ndata: a\n\nretry: 10\ndata: b\n\ndata: c\n\n").map(\.retry) == [nil, 10, nil])
    }

    @Test func aLeadingByteOrderMarkIsSkippedAndAnUnfinishedEventIsNotDispatched() {
        #expect(events("\u{FEFF}data: a\n\ndata: unfinished\n") == [ServerSentEvent(data: "a")])
    }

    @Test func anEventReadsAsItsFieldsThenItsData() {
        let event = ServerSentEvent(event: "tick", data: "{}", id: "2")
        #expect(event.fields == "id: 2 · event: tick")
        #expect(event.description == "id: 2 · event: tick\n{}")
    }

    /// `decode` reads an event stream as the array of its events' data, NDJSON as its lines; data
    /// that is not JSON is kept as a string.
    @Test func aStreamDocumentIsTheArrayOfItsValues() throws {
        let events = Data("id: 1\ndata: {\"n\":1}\n\ndata: plain text\n\ndata: [2]\n\n".utf8)
        let array = try #require(StreamDocument.jsonArray(of: events, mimeType: "text/event-stream"))
        let decoded = try JSONSerialization.jsonObject(with: array) as? [Any]
        #expect(decoded?.count == 3)
        #expect((decoded?[1] as? String) == "plain text")
        let lines = Data("{\"a\":1}\n\n{\"a\":2}\r\n".utf8)
        let fromLines = try #require(StreamDocument.jsonArray(of: lines, mimeType: "application/x-ndjson"))
        #expect(try JSONDecoder().decode([[String: Int]].self, from: fromLines) == [["a": 1], ["a": 2]])
        #expect(StreamDocument.jsonArray(of: lines, mimeType: "application/json") == nil)
    }
}
