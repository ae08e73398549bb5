import Foundation

/// Everything that can go wrong while building, sending or inspecting a request.
///
/// Each case's `description` is one line: what happened, then what to try. A 4xx or 5xx
/// response is not an error: it is a response, shown in full.
public enum WorkbenchError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String, reason: String)
    case unsupportedScheme(String)
    case noBase(String)
    case noSandbox
    case invalidMethod(String)
    case invalidHeaderName(String)
    case invalidHeaderValue(name: String)
    case invalidJSONBody(reason: String, line: Int, column: Int)
    case invalidJSONField(name: String, reason: String)
    case fileNotFound(String)
    case fileUnreadable(String, reason: String)
    case fileUnwritable(String, reason: String)
    /// `show image DATA` of bytes that are no image; the byte count.
    case notAnImage(Int)
    /// A WebSocket's server did not answer the upgrade within the timeout.
    case webSocketNoUpgrade(url: String, seconds: Double)
    /// A WebSocket's server answered the upgrade with another status (`404 Not Found`).
    case webSocketRefused(url: String, status: String, needsCredentials: Bool)
    /// A WebSocket's server answered 101 without what the protocol requires.
    case webSocketHandshake(url: String, reason: String)
    /// A `ws` command with no socket open, or after it closed (how it ended).
    case noWebSocket(ended: String?)
    /// `ws send json` of text that is not JSON.
    case invalidWebSocketJSON(reason: String, line: Int, column: Int)
    /// `decode` with a socket open and nothing received or sent to read.
    case noWebSocketMessage
    /// `decode --frame N` past the messages received.
    case noSuchWebSocketMessage(Int, count: Int)
    /// `ws close CODE` with a code a close frame may not carry.
    case invalidWebSocketCloseCode(Int)
    case transportFailure(TransportFailure, url: String)
    case cancelled
    case timedOut(seconds: Double, url: String)
    /// Over `max-body`; `declared` is the `Content-Length` of a response refused before reading.
    case responseTooLarge(limit: Int, url: String, declared: Int? = nil)
    case fileTooLarge(String, size: Int, limit: Int)
    case noResponse
    case noSuchExchange(Int, count: Int)
    case noSuchHeader(String)
    case noDeclaredModels(String)
    case noSpecReader
    case specUnreadable(String, reason: String)
    case noSuchServer(Int, count: Int)
    case notAnEventStream(status: Int, contentType: String?, url: String)
    case invalidCookieFile(line: Int, reason: String)
    /// A GraphQL query that cannot be sent as it is, or a schema that cannot be read: the whole line.
    case graphQL(String)

    public var description: String {
        switch self {
        case .invalidURL(let text, let reason):
            "invalid URL '\(text)': \(reason) — try a full URL like https://example.com/path"
        case .unsupportedScheme(let scheme):
            "unsupported scheme '\(scheme)' — use http or https"
        case .noBase(let path):
            "no base URL for '\(path)' — set one with `base https://…` (or `base sandbox/NAME`) or give a full URL"
        case .noSandbox:
            "no sandbox is running — start `workbench` (it runs one) or set WORKBENCH_SANDBOX_URL"
        case .invalidMethod(let method):
            "invalid method '\(method)' — use GET, POST, PUT, PATCH, DELETE, HEAD or another token of letters"
        case .invalidHeaderName(let name):
            "invalid header name '\(name)' — letters, digits and !#$%&'*+-.^_`|~ only, as in `header Accept: application/json`"
        case .invalidHeaderValue(let name):
            "invalid value for header '\(name)': line breaks and control characters are not allowed"
        case .invalidJSONBody(let reason, let line, let column):
            "invalid JSON body at line \(line), column \(column): \(reason) — fix it, or send text with `header Content-Type: text/plain`"
        case .invalidJSONField(let name, let reason):
            "invalid JSON for field '\(name)': \(reason) — use `\(name)=text` for a string or `\(name):=JSON` for JSON"
        case .fileNotFound(let path):
            "file not found: '\(path)' — check the path (relative to \(FileManager.default.currentDirectoryPath))"
        case .fileUnreadable(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .fileUnwritable(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .notAnImage(let count):
            "not an image: \(ByteSize.text(count)) that are not PNG, JPEG, GIF or WebP — `show image` takes the Data of an image file"
        case .webSocketNoUpgrade(let url, let seconds):
            "WebSocket to \(url): no answer to the upgrade within \(Self.seconds(seconds)) — is it a WebSocket endpoint? `set timeout SECONDS` waits longer"
        case .webSocketRefused(let url, let status, let needsCredentials):
            "WebSocket to \(url): the server answered HTTP \(status), not 101 Switching Protocols — "
                + (needsCredentials ? "it wants credentials: `header --default Authorization: …` goes with the upgrade"
                                    : "is the path a WebSocket endpoint?")
        case .webSocketHandshake(let url, let reason):
            "WebSocket to \(url): the handshake failed: \(reason)"
        case .noWebSocket(nil):
            "no WebSocket is open — `ws URL` opens one"
        case .noWebSocket(let ended?):
            "the WebSocket is closed (\(ended)) — `ws URL` opens another"
        case .invalidWebSocketJSON(let reason, let line, let column):
            "invalid JSON at line \(line), column \(column): \(reason) — fix it, or `ws send TEXT` sends the text as it is"
        case .noSuchWebSocketMessage(let number, let count):
            "no message \(number) on the WebSocket: \(count == 0 ? "none has arrived" : count == 1 ? "1 has arrived" : "\(count) have arrived")"
        case .noWebSocketMessage:
            "nothing to decode: no message has arrived on the WebSocket yet — `ws wait 1` waits for one"
        case .invalidWebSocketCloseCode(let code):
            "\(code) is not a close code a client may send — 1000 (normal closure), 1001–1003, 1007–1014, or 3000–4999 for an application's own"
        case .invalidCookieFile(let line, let reason):
            "line \(line) of the cookie file is \(reason) — curl, wget and browsers' export extensions write that format"
        case .transportFailure(let failure, let url):
            "request to \(url) failed: \(failure.words) — \(failure.hint)"
        case .cancelled:
            "cancelled"
        case .timedOut(let seconds, let url):
            "request to \(url) timed out after \(Self.seconds(seconds)) — try again, or `set timeout SECONDS` for more time"
        case .responseTooLarge(let limit, let url, nil):
            "response from \(url) exceeds max-body \(ByteSize.text(limit)); stopped reading — ask for less (a query, a page) or `set max-body SIZE`"
        case .responseTooLarge(let limit, let url, let declared?):
            "response from \(url) declares \(ByteSize.text(declared)) (Content-Length), over max-body \(ByteSize.text(limit)); not read — ask for less or `set max-body SIZE`"
        case .fileTooLarge(let path, let size, let limit):
            "'\(path)' is \(ByteSize.text(size)), over max-body \(ByteSize.text(limit)); not read — `set max-body SIZE` to allow it"
        case .noResponse:
            "no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)"
        case .noSuchExchange(let number, let count):
            count == 0
                ? "no exchange \(number): nothing has been sent yet"
                : "no exchange \(number) — `history` lists 1 to \(count)"
        case .noSuchHeader(let name):
            "no header '\(name)' in the last response — `headers` lists them all"
        case .noDeclaredModels(let type):
            "cannot decode '\(type)' here: no models are declared in this program — use `try wb.decode(\(type).self)`"
        case .noSpecReader:
            "cannot read an API description here — `import WorkbenchSpec`, whose `wb.spec(…)` reads OpenAPI documents"
        case .specUnreadable(let source, let reason):
            "cannot load '\(source)': \(reason)"
        case .noSuchServer(let number, let count):
            count == 0 ? "no server \(number): the document names none — set one with `base URL`"
                : "no server \(number): the document names \(count) (`spec --server 1` to \(count))"
        case .graphQL(let message):
            message
        case .notAnEventStream(let status, let contentType, let url):
            "\(url) answered \(status) \(HTTPStatus.reasonPhrase(status))\(contentType.map { " (\($0))" } ?? ""), not a text/event-stream — `get` shows what it is"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
