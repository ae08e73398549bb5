import Foundation

/// The body of a request being built, with the content type it implies.
public enum RequestBody: Sendable, Equatable {
    /// JSON text, already checked to be valid JSON.
    case json(String)
    /// `application/x-www-form-urlencoded` fields, in order.
    case form([URLQueryItem])
    /// The bytes of a file, read when the body was set.
    case file(path: String, data: Data)
    /// Text sent as it is (a pasted curl line's body that is neither JSON nor a form); its
    /// Content-Type is the request's own header.
    case text(String)
    /// `multipart/form-data` parts (curl's `-F`), files read when the body was set.
    case multipart(MultipartBody)

    public var data: Data {
        switch self {
        case .json(let text): Data(text.utf8)
        case .form(let items): Data(Self.formEncoded(items).utf8)
        case .file(_, let data): data
        case .text(let text): Data(text.utf8)
        case .multipart(let body): body.data
        }
    }

    /// The Content-Type sent unless the user set one.
    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .file(let path, let data):
            path.lowercased().hasSuffix(".json") || Self.looksLikeJSON(data) ? "application/json" : "application/octet-stream"
        case .text: "text/plain; charset=utf-8"
        case .multipart(let body): body.contentType
        }
    }

    /// Form encoding: URLComponents' query encoding, plus `+` escaped, since form decoders read `+` as a space.
    public static func formEncoded(_ items: [URLQueryItem]) -> String {
        var components = URLComponents()
        components.queryItems = items
        return (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    static func looksLikeJSON(_ data: Data) -> Bool {
        (try? JSONValidator.validate(data)) != nil
    }

    /// Checks that `text` is JSON; the error names the line and column where it breaks.
    public static func validatedJSON(_ text: String) throws(WorkbenchError) -> String {
        do {
            try JSONValidator.validate(text)
            return text
        } catch {
            throw .invalidJSONBody(reason: error.message, line: error.line, column: error.column)
        }
    }
}
