import Foundation
import Testing
@testable import WorkbenchKit

/// Every error's one line, word for word.
@Suite struct ErrorMessageTests {
    @Test(arguments: [
        (WorkbenchError.invalidURL("htp//x", reason: "no scheme (http:// or https://)"),
         "invalid URL 'htp//x': no scheme (http:// or https://) — try a full URL like https://example.com/path"),
        (.unsupportedScheme("ftp"), "unsupported scheme 'ftp' — use http or https"),
        (.noBase("/posts"),
         "no base URL for '/posts' — set one with `base https://…` (or `base sandbox/NAME`) or give a full URL"),
        (.noSandbox, "no sandbox is running — start `workbench` (it runs one) or set WORKBENCH_SANDBOX_URL"),
        (.invalidMethod("GE T"),
         "invalid method 'GE T' — use GET, POST, PUT, PATCH, DELETE, HEAD or another token of letters"),
        (.invalidHeaderName("Bad Name"),
         "invalid header name 'Bad Name' — letters, digits and !#$%&'*+-.^_`|~ only, as in `header Accept: application/json`"),
        (.invalidHeaderValue(name: "X-A"), "invalid value for header 'X-A': line breaks and control characters are not allowed"),
        (.invalidJSONBody(reason: "invalid value", line: 2, column: 9),
         "invalid JSON body at line 2, column 9: invalid value — fix it, or send text with `header Content-Type: text/plain`"),
        (.invalidJSONField(name: "n", reason: "unexpected end of file"),
         "invalid JSON for field 'n': unexpected end of file — use `n=text` for a string or `n:=JSON` for JSON"),
        (.fileUnreadable("/root/x", reason: "permission denied"), "cannot read '/root/x': permission denied"),
        (.transportFailure(TransportFailure(cause: .connectionRefused, code: -1004), url: "http://127.0.0.1:1/"),
         "request to http://127.0.0.1:1/ failed: connection refused — nothing listens there: check the port and that the server is up"),
        (.transportFailure(TransportFailure(cause: .unknownIssuer, code: -1), url: "https://api.local/"),
         "request to https://api.local/ failed: TLS: the server's certificate is signed by an unknown authority — to trust it, copy the CA's certificate to /usr/local/share/ca-certificates/NAME.crt and run `sudo update-ca-certificates` (URLSession on Linux reads only the system store)"),
        (.transportFailure(TransportFailure(cause: .selfSignedCertificate, code: -1), url: "https://127.0.0.1:8443/"),
         "request to https://127.0.0.1:8443/ failed: TLS: the server's certificate is self-signed, so not trusted — to trust it, copy the certificate to /usr/local/share/ca-certificates/NAME.crt and run `sudo update-ca-certificates` (URLSession on Linux reads only the system store)"),
        (.cancelled, "cancelled"),
        (.timedOut(seconds: 1, url: "http://h/x"),
         "request to http://h/x timed out after 1 s — try again, or `set timeout SECONDS` for more time"),
        (.timedOut(seconds: 0.5, url: "http://h/x"),
         "request to http://h/x timed out after 0.5 s — try again, or `set timeout SECONDS` for more time"),
        (.responseTooLarge(limit: 1024 * 1024, url: "http://h/big"),
         "response from http://h/big exceeds max-body 1.0 MB; stopped reading — ask for less (a query, a page) or `set max-body SIZE`"),
        (.responseTooLarge(limit: 256 << 20, url: "http://h/big", declared: 3 << 30),
         "response from http://h/big declares 3.0 GB (Content-Length), over max-body 256 MB; not read — ask for less or `set max-body SIZE`"),
        (.fileTooLarge("big.json", size: 300 << 20, limit: 256 << 20),
         "'big.json' is 300 MB, over max-body 256 MB; not read — `set max-body SIZE` to allow it"),
        (.noResponse, "no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)"),
        (.noSuchExchange(3, count: 0), "no exchange 3: nothing has been sent yet"),
        (.noSuchExchange(9, count: 2), "no exchange 9 — `history` lists 1 to 2"),
        (.noSuchHeader("X-Nope"), "no header 'X-Nope' in the last response — `headers` lists them all"),
    ])
    func message(error: WorkbenchError, expected: String) {
        #expect(error.description == expected)
    }

    @Test func fileNotFoundNamesTheFileAndTheDirectory() {
        let message = WorkbenchError.fileNotFound("body.json").description
        #expect(message.hasPrefix("file not found: 'body.json' — check the path (relative to /"))
    }

    @Test(arguments: [
        ("example.com/x", WorkbenchError.invalidURL("example.com/x", reason: "no scheme (http:// or https://)")),
        ("http://", .invalidURL("http://", reason: "no host")),
        ("http://a b", .invalidURL("http://a b", reason: "it is not a URL (spaces or characters that must be percent-encoded?)")),
        ("ftp://example.com", .unsupportedScheme("ftp")),
        ("http://h:70000/", .invalidURL("http://h:70000/", reason: "port 70000 is outside 1–65535")),
    ])
    func badURLs(text: String, expected: WorkbenchError) {
        #expect(throws: expected) { try RequestDraft.parseURL(text) }
    }

    @Test func urlErrorCodesBecomeWords() {
        #expect(URLErrorWords.words(for: .cannotConnectToHost) == "could not connect (connection refused)")
        #expect(URLErrorWords.words(for: .timedOut) == "timed out")
        #expect(URLErrorWords.words(for: .cannotFindHost) == "host not found")
        #expect(URLErrorWords.words(for: .badServerResponse) == "the server's response was not valid HTTP")
    }
}
