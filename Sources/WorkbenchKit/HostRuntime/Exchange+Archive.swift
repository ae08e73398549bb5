import Foundation

/// Exchanges and request drafts in `BinaryWriter`'s format: the recording a compiled input replays,
/// and what it reports back (its live exchanges, `wb`'s final request).
extension Exchange {
    public func write(to writer: inout BinaryWriter) {
        writer.int(number)
        writer.string(method)
        writer.string(url.absoluteString)
        requestHeaders.write(to: &writer)
        writer.optional(requestBody) { $0.data($1) }
        response.write(to: &writer)
        writer.double(timing.sentAt.timeIntervalSinceReferenceDate)
        writer.optional(timing.headers) { $0.duration($1) }
        writer.duration(timing.total)
        writer.bool(offline)
    }

    public init(from reader: inout BinaryReader) throws(BinaryArchiveError) {
        let number = try reader.int()
        let method = try reader.string()
        let url = try reader.url()
        let requestHeaders = try HeaderList(from: &reader)
        let requestBody = try reader.optional { reader throws(BinaryArchiveError) in try reader.data() }
        let response = try Response(from: &reader)
        let sentAt = Date(timeIntervalSinceReferenceDate: try reader.double())
        let headers = try reader.optional { reader throws(BinaryArchiveError) in try reader.duration() }
        let total = try reader.duration()
        self.init(
            number: number, method: method, url: url, requestHeaders: requestHeaders, requestBody: requestBody,
            response: response, timing: Timing(sentAt: sentAt, headers: headers, total: total),
            offline: try reader.bool())
    }

    /// The same exchange under another history number (a replayed one joins a new history).
    func renumbered(_ number: Int) -> Exchange {
        Exchange(number: number, method: method, url: url, requestHeaders: requestHeaders, requestBody: requestBody,
                 response: response, timing: timing, offline: offline)
    }
}

extension Response {
    func write(to writer: inout BinaryWriter) {
        writer.int(statusCode)
        headers.write(to: &writer)
        writer.data(body)
        writer.optional(url) { $0.string($1.absoluteString) }
    }

    init(from reader: inout BinaryReader) throws(BinaryArchiveError) {
        self.init(
            statusCode: try reader.int(), headers: try HeaderList(from: &reader), body: try reader.data(),
            url: try reader.optional { reader throws(BinaryArchiveError) in try reader.url() })
    }
}

extension HeaderList {
    public func write(to writer: inout BinaryWriter) {
        writer.int(fields.count)
        for field in fields {
            writer.string(field.name)
            writer.string(field.value)
        }
    }

    public init(from reader: inout BinaryReader) throws(BinaryArchiveError) {
        var fields: [Field] = []
        for _ in 0..<Swift.max(try reader.int(), 0) {
            fields.append(Field(name: try reader.string(), value: try reader.string()))
        }
        self.init(fields)
    }
}

extension RequestDraft {
    public func write(to writer: inout BinaryWriter) {
        writer.string(method)
        // The percent-encoded text keeps every part as set (a query item without a value stays one).
        writer.string(components.string ?? "")
        headers.write(to: &writer)
        writer.optional(body) { writer, body in
            switch body {
            case .json(let text):
                writer.int(0)
                writer.string(text)
            case .form(let items):
                writer.int(1)
                writer.int(items.count)
                for item in items {
                    writer.string(item.name)
                    writer.optional(item.value) { $0.string($1) }
                }
            case .file(let path, let data):
                writer.int(2)
                writer.string(path)
                writer.data(data)
            case .text(let text):
                writer.int(3)
                writer.string(text)
            case .multipart(let body):
                writer.int(4)
                writer.int(body.parts.count)
                for part in body.parts {
                    writer.string(part.name)
                    writer.data(part.data)
                    writer.optional(part.filename) { $0.string($1) }
                    writer.optional(part.contentType) { $0.string($1) }
                    writer.optional(part.path) { $0.string($1) }
                }
            }
        }
        writer.optional(digest) { writer, digest in
            writer.string(digest.user)
            writer.string(digest.password)
            writer.optional(digest.origin) { writer, origin in writer.string(origin) }
        }
    }

    public init(from reader: inout BinaryReader) throws(BinaryArchiveError) {
        self.init()
        method = try reader.string()
        components = URLComponents(string: try reader.string()) ?? URLComponents()
        headers = try HeaderList(from: &reader)
        body = try reader.optional { reader throws(BinaryArchiveError) -> RequestBody in
            switch try reader.int() {
            case 0:
                return .json(try reader.string())
            case 1:
                var items: [URLQueryItem] = []
                for _ in 0..<Swift.max(try reader.int(), 0) {
                    let name = try reader.string()
                    items.append(URLQueryItem(name: name, value: try reader.optional { reader throws(BinaryArchiveError) in try reader.string() }))
                }
                return .form(items)
            case 2:
                return .file(path: try reader.string(), data: try reader.data())
            case 3:
                return .text(try reader.string())
            case 4:
                var parts: [MultipartBody.Part] = []
                for _ in 0..<Swift.max(try reader.int(), 0) {
                    let name = try reader.string(), data = try reader.data()
                    let filename = try reader.optional { reader throws(BinaryArchiveError) in try reader.string() }
                    let type = try reader.optional { reader throws(BinaryArchiveError) in try reader.string() }
                    let path = try reader.optional { reader throws(BinaryArchiveError) in try reader.string() }
                    parts.append(MultipartBody.Part(name: name, data: data, filename: filename, contentType: type, path: path))
                }
                return .multipart(MultipartBody(parts: parts))
            default:
                throw BinaryArchiveError()
            }
        }
        digest = try reader.optional { reader throws(BinaryArchiveError) in
            DigestCredentials(user: try reader.string(), password: try reader.string(),
                              origin: try reader.optional { reader throws(BinaryArchiveError) in try reader.string() })
        }
    }
}

extension BinaryWriter {
    mutating func duration(_ value: Duration) {
        int(Int(value.components.seconds))
        int(Int(value.components.attoseconds))
    }
}

extension BinaryReader {
    mutating func duration() throws(BinaryArchiveError) -> Duration {
        Duration(secondsComponent: Int64(try int()), attosecondsComponent: Int64(try int()))
    }

    mutating func url() throws(BinaryArchiveError) -> URL {
        guard let url = URL(string: try string()) else { throw BinaryArchiveError() }
        return url
    }
}
