import Foundation

/// What a compiled input's program reports to the REPL as it runs, one record each, appended to
/// `PromptFiles.results` (the REPL reads them after the program ends, also after a trap or a kill).
/// The `.exchange` and `.sendFailed` records of earlier inputs are also the recording that answers
/// their sends when they are run again.
public enum PromptEvent: Sendable {
    /// Earlier input `number` (1-based) began running, quietly.
    case step(Int)
    /// The new input began running, with output and requests real.
    case live
    /// A request was sent and answered.
    case exchange(Exchange)
    /// A request failed (the error's text); a replay throws it again.
    case sendFailed(String)
    /// The input threw at its top level: the error's text.
    case thrown(String)
    /// `wb`'s request as the input left it.
    case state(Workbench.RequestState)
    /// The input ran to its end.
    case finished
    /// A `json(file:)` of an earlier input: the copy its bytes were read through, which answers it
    /// when it runs again.
    case document(DocumentRead)
    /// A value the input showed (`label`: the name bound, or the expression), as a digest of its
    /// text; also while the input runs again quietly, where nothing is shown, so that a rebuilt
    /// session can name the values that came out different.
    case shown(label: String, digest: UInt64)
    /// Unit `index` (0-based) of the new input began: an input of several steps (`play`'s batch).
    case liveUnit(Int)

    public func write(to writer: inout BinaryWriter) {
        switch self {
        case .step(let number):
            writer.int(0)
            writer.int(number)
        case .live:
            writer.int(1)
        case .exchange(let exchange):
            writer.int(2)
            exchange.write(to: &writer)
        case .sendFailed(let text):
            writer.int(3)
            writer.string(text)
        case .thrown(let text):
            writer.int(4)
            writer.string(text)
        case .state(let state):
            writer.int(5)
            state.write(to: &writer)
        case .finished:
            writer.int(6)
        case .document(let read):
            writer.int(7)
            writer.string(read.path)
            writer.optional(read.copy) { $0.string($1) }
        case .shown(let label, let digest):
            writer.int(8)
            writer.string(label)
            writer.int(Int(truncatingIfNeeded: digest))
        case .liveUnit(let index):
            writer.int(9)
            writer.int(index)
        }
    }

    public init(from reader: inout BinaryReader) throws(BinaryArchiveError) {
        switch try reader.int() {
        case 0: self = .step(try reader.int())
        case 1: self = .live
        case 2: self = .exchange(try Exchange(from: &reader))
        case 3: self = .sendFailed(try reader.string())
        case 4: self = .thrown(try reader.string())
        case 5: self = .state(try Workbench.RequestState(from: &reader))
        case 6: self = .finished
        case 7: self = .document(DocumentRead(path: try reader.string(), copy: try reader.optional { reader throws(BinaryArchiveError) in try reader.string() }))
        case 8: self = .shown(label: try reader.string(), digest: UInt64(truncatingIfNeeded: try reader.int()))
        case 9: self = .liveUnit(try reader.int())
        default: throw BinaryArchiveError()
        }
    }

    /// Every whole record in `data` (bytes spilled to files mapped from `folder`); a record cut
    /// short by a killed program is dropped.
    public static func all(in data: Data, folder: URL? = nil) -> [PromptEvent] {
        var reader = BinaryReader(data, folder: folder)
        var events: [PromptEvent] = []
        while !reader.isAtEnd {
            guard let event = try? PromptEvent(from: &reader) else { break }
            events.append(event)
        }
        return events
    }

    /// The records as bytes, in order.
    public static func bytes(_ events: [PromptEvent]) -> [UInt8] {
        var writer = BinaryWriter()
        for event in events { event.write(to: &writer) }
        return writer.bytes
    }

    /// The records as bytes, in order, with data of `BinaryWriter.spillBytes` or more written to
    /// files of their own in `folder` (their names are returned too).
    public static func bytes(_ events: [PromptEvent], spillingTo folder: URL?) -> (bytes: [UInt8], files: [String]) {
        var writer = BinaryWriter(spillingTo: folder)
        for event in events { event.write(to: &writer) }
        return (writer.bytes, writer.spilledFiles)
    }
}

extension Workbench {
    /// What a `Workbench` carries from one input to the next besides its history: the request
    /// being built, the base, default headers and the settings of `set`; and the labels of the
    /// values the input showed (`shownValues`), which the REPL records with the step for `save`.
    public struct RequestState: Sendable, Equatable {
        public var base: URLComponents?
        public var request: RequestDraft
        public var defaultHeaders: HeaderList
        public var options: TransportOptions
        public var bodyLines: Int
        public var shownValues: [String]
        /// The jar after the input: what it set, and what it removed, reach the REPL's.
        public var cookies: [StoredCookie]

        init(base: URLComponents?, request: RequestDraft, defaultHeaders: HeaderList, options: TransportOptions, bodyLines: Int,
             shownValues: [String], cookies: [StoredCookie]) {
            self.cookies = cookies
            self.base = base
            self.request = request
            self.defaultHeaders = defaultHeaders
            self.options = options
            self.bodyLines = bodyLines
            self.shownValues = shownValues
        }

        func write(to writer: inout BinaryWriter) {
            writer.optional(base) { $0.string($1.string ?? "") }
            request.write(to: &writer)
            defaultHeaders.write(to: &writer)
            writer.double(options.timeout)
            writer.bool(options.followRedirects)
            writer.int(options.maxResponseBytes)
            writer.int(bodyLines)
            writer.int(shownValues.count)
            for label in shownValues { writer.string(label) }
            writer.int(cookies.count)
            for cookie in cookies {
                for text in [cookie.name, cookie.value, cookie.domain, cookie.path] { writer.string(text) }
                writer.optional(cookie.expires) { $0.double($1.timeIntervalSince1970) }
                for flag in [cookie.hostOnly, cookie.isSecure, cookie.isHTTPOnly] { writer.bool(flag) }
            }
        }

        init(from reader: inout BinaryReader) throws(BinaryArchiveError) {
            base = try reader.optional { reader throws(BinaryArchiveError) in URLComponents(string: try reader.string()) } ?? nil
            request = try RequestDraft(from: &reader)
            defaultHeaders = try HeaderList(from: &reader)
            options = TransportOptions(timeout: try reader.double(), followRedirects: try reader.bool(), maxResponseBytes: try reader.int())
            bodyLines = try reader.int()
            shownValues = []
            for _ in 0..<max(try reader.int(), 0) { shownValues.append(try reader.string()) }
            cookies = []
            for _ in 0..<max(try reader.int(), 0) {
                let (name, value, domain, path) = (try reader.string(), try reader.string(), try reader.string(), try reader.string())
                let expires = try reader.optional { reader throws(BinaryArchiveError) in Date(timeIntervalSince1970: try reader.double()) }
                cookies.append(StoredCookie(name: name, value: value, domain: domain, hostOnly: try reader.bool(), path: path,
                                            expires: expires, isSecure: try reader.bool(), isHTTPOnly: try reader.bool()))
            }
        }
    }

    /// The request, base, default headers and settings, to carry over to another `Workbench`.
    public var requestState: RequestState {
        RequestState(base: base, request: request, defaultHeaders: defaultHeaders, options: options, bodyLines: bodyLines,
                     shownValues: shownValues, cookies: cookieJar.cookies())
    }

    /// Takes over `state` (what a compiled input left its `wb` with); the history is untouched.
    public func restore(_ state: RequestState) {
        base = state.base
        request = state.request
        defaultHeaders = state.defaultHeaders
        options = state.options
        bodyLines = state.bodyLines
        shownValues = state.shownValues
        cookieJar.replace(with: state.cookies)
    }

    /// Adds exchanges made elsewhere (by a compiled input's program) to the history, numbered on
    /// from it, without showing them again; the last becomes the current response.
    public func join(_ exchanges: [Exchange]) {
        for exchange in exchanges { self.exchanges.append(exchange.renumbered(self.exchanges.count + 1)) }
        if !exchanges.isEmpty { lastExchangeJoined = Date() }
    }
}
