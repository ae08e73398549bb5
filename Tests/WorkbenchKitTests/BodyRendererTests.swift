import Foundation
import Testing
@testable import WorkbenchKit

@Suite struct BodyRendererTests {
    @Test(arguments: [
        ("{\"a\":1}", "application/json", BodyRenderer.Kind.json),
        ("[1, 2]", nil, .json),
        ("not json", "application/json", .text),
        ("<p>hi</p>", "text/html; charset=utf-8", .text),
        ("plain", nil, .text),
        ("", "application/json", .empty),
    ] as [(String, String?, BodyRenderer.Kind)])
    func kinds(body: String, mime: String?, expected: BodyRenderer.Kind) {
        #expect(BodyRenderer.kind(of: Data(body.utf8), mimeType: mime) == expected)
    }

    @Test func bytesThatAreNotUTF8AreBinary() {
        #expect(BodyRenderer.kind(of: Data([0xFF, 0xFE, 0x00, 0x41]), mimeType: nil) == .binary)
        #expect(BodyRenderer.kind(of: Data("abc".utf8), mimeType: "image/png") == .binary)
    }

    @Test func anSVGImageIsTextWholeAndAsItArrives() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"
        #expect(BodyRenderer.kind(of: Data(svg.utf8), mimeType: "image/svg+xml") == .text)
        #expect(BodyRenderer.showsAsText(beginning: Array(svg.utf8), mimeType: "image/svg+xml"))
        #expect(!BodyRenderer.showsAsText(beginning: Array("abc".utf8), mimeType: "image/png"))
    }

    @Test func hexPreviewShowsOffsetsBytesAndText() {
        let lines = BodyRenderer.hexPreview(Data(Array(0x41...0x52) + [0x00]), mimeType: "application/octet-stream")
        #expect(lines == [
            "binary · 19 B · application/octet-stream",
            "00000000  41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50  ABCDEFGHIJKLMNOP",
            "00000010  51 52 00                                         QR.",
        ])
    }

    @Test func aBodyThatOnlyClaimsToBeJSONIsShownAsText() {
        let console = capturedConsole()
        for limit in [3, nil] as [Int?] {
            let shown = BodyRenderer.lines(Data("not json {\n}".utf8), mimeType: "application/json", limit: limit, console: console)
            #expect(shown.lines == ["not json {", "}"] && shown.more == 0)
        }
    }

    @Test func jsonIsPrettyPrintedAndCutWithoutTrailingIndentation() {
        let body = Data(#"{"a":[1,2.50,{"b":null}],"c":"\u00e9"}"#.utf8)
        let all = BodyRenderer.lines(body, mimeType: "application/json", limit: nil, console: capturedConsole())
        #expect(all.lines == ["{", "  \"a\": [", "    1,", "    2.50,", "    {", "      \"b\": null", "    }", "  ],", "  \"c\": \"\\u00e9\"", "}"])
        let cut = BodyRenderer.lines(body, mimeType: "application/json", limit: 3, console: capturedConsole())
        #expect(cut.lines == Array(all.lines.prefix(3)) && cut.more == all.lines.count - 3)
    }

    @Test func textIsCutAfterTheLimitWithACount() {
        let body = Data((1...10).map(String.init).joined(separator: "\n").utf8)
        let cut = BodyRenderer.lines(body, mimeType: "text/plain", limit: 4, console: capturedConsole())
        #expect(cut.lines == ["1", "2", "3", "4"] && cut.more == 6)
        let all = BodyRenderer.lines(body, mimeType: "text/plain", limit: nil, console: capturedConsole())
        #expect(all.lines.count == 10 && all.more == 0)
    }

    @Test(arguments: [
        (0, "0 B"), (1023, "1023 B"), (2662, "2.6 KB"), (1024 * 1024 * 3 / 2, "1.5 MB"), (256 << 20, "256 MB"), (3 << 29, "1.5 GB"),
    ])
    func sizes(bytes: Int, expected: String) {
        #expect(ByteSize.text(bytes) == expected)
    }

    /// What `set max-body` reads: binary units, with or without a space or a B; nil for nonsense.
    @Test(arguments: [
        ("1000", 1000), ("64KB", 65536), ("64k", 65536), ("10 MB", 10 << 20), ("256MB", 256 << 20), ("1.5GB", 3 << 29), ("1g", 1 << 30),
        ("0", nil), ("-1MB", nil), ("MB", nil), ("5TB", nil), ("1.2.3MB", nil), ("ten", nil),
    ] as [(String, Int?)])
    func parsedSizes(text: String, expected: Int?) {
        #expect(ByteSize.parse(text) == expected)
    }

    @Test(arguments: [
        (Duration.microseconds(400), "<1 ms"), (.milliseconds(3), "3 ms"), (.milliseconds(1250), "1.25 s"),
    ])
    func durations(duration: Duration, expected: String) {
        #expect(ByteSize.duration(duration) == expected)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a b", "'a b'"), ("it's", "'it'\\''s'"), ("$HOME", "'$HOME'"), ("", "''"),
    ])
    func shellQuoting(word: String, expected: String) {
        #expect(CurlCommand.shellQuoted(word) == expected)
    }

    @Test func curlCommandShape() {
        var headers = HeaderList()
        headers.append("Content-Type", "application/json")
        #expect(CurlCommand.render(method: "GET", url: "http://h/x?a=1", headers: HeaderList(), body: nil) == "curl 'http://h/x?a=1'")
        #expect(CurlCommand.render(method: "HEAD", url: "http://h/x", headers: HeaderList(), body: nil) == "curl --head http://h/x")
        #expect(CurlCommand.render(method: "POST", url: "http://h/[1]", headers: headers, body: .json("{\"a\":1}"))
            == "curl -X POST --globoff 'http://h/[1]' -H 'Content-Type: application/json' --data-raw '{\"a\":1}'")
    }

    @Test func headerNamesAreCanonicalised() {
        #expect(HeaderList.canonicalName("content-type") == "Content-Type")
        #expect(HeaderList.canonicalName("X-REQUEST-ID") == "X-Request-Id")
        #expect(HeaderList.canonicalName("etag") == "Etag")
    }
}
