import Foundation

/// The body of a request being built, with the content type it implies.
public enum RequestBody: Sendable, Equatable {
    /// JSON text, already checked to be valid JSON.
    case json(String)
    /// `application/x-www-form-urlencoded` fields, in order.
    case form([URLQueryItem])
    /// The bytes of a file, read when the body was set.
    case file(path: String, data: Data)

    public var data: Data {
        switch self {
        case .json(let text): Data(text.utf8)
        case .form(let items): Data(Self.formEncoded(items).utf8)
        case .file(_, let data): data
        }
    }

    /// The Content-Type sent unless the user set one.
    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .file(let path, let data):
            path.lowercased().hasSuffix(".json") || Self.looksLikeJSON(data) ? "application/json" : "application/octet-stream"
        }
    }

    /// Form encoding: URLComponents' query encoding, plus `+` escaped, since form decoders read `+` as a space.
    public static func formEncoded(_ items: [URLQueryItem]) -> String {
        var components = URLComponents()
        components.queryItems = items
        return (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    static func looksLikeJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
    }

    /// Checks that `text` is JSON; the error names the line and column where it breaks.
    public static func validatedJSON(_ text: String) throws(WorkbenchError) -> String {
        let data = Data(text.utf8)
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return text
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            let offset = Self.characterOffset(in: detail) ?? data.count
            let (line, column) = Self.lineAndColumn(of: offset, in: data)
            throw .invalidJSONBody(reason: Self.reason(detail), line: line, column: column)
        }
    }

    /// "Invalid value around character 18." → 18.
    private static func characterOffset(in detail: String) -> Int? {
        guard let range = detail.range(of: "character ") else { return nil }
        return Int(detail[range.upperBound...].prefix { $0.isNumber })
    }

    private static func reason(_ detail: String) -> String {
        var text = detail
        if let range = text.range(of: " around character") { text = String(text[..<range.lowerBound]) }
        if text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// 1-based line and column (in characters) of a UTF-8 byte offset.
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        let prefix = data.prefix(max(0, min(offset, data.count)))
        let text = String(decoding: prefix, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.count ?? 0) + 1)
    }
}
