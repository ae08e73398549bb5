import Foundation

/// A `multipart/form-data` body (RFC 7578, what curl's `-F` sends): text fields and files, each
/// a part after a boundary line, the body closed by the boundary followed by `--`.
public struct MultipartBody: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var name: String
        /// The text of a field, or the bytes of a file.
        public var data: Data
        /// The file's name for a file part (its Content-Disposition's `filename`); nil for a text field.
        public var filename: String?
        /// A file part's Content-Type.
        public var contentType: String?
        /// The path a file part was read from: a curl line writes it back as `@PATH`.
        public var path: String?

        public init(name: String, data: Data, filename: String? = nil, contentType: String? = nil, path: String? = nil) {
            self.name = name
            self.data = data
            self.filename = filename
            self.contentType = contentType
            self.path = path
        }

        /// A text field.
        public static func text(_ name: String, _ value: String) -> Part {
            Part(name: name, data: Data(value.utf8))
        }
    }

    public let parts: [Part]
    /// A line no part contains: the same parts always get the same one, so equal drafts are equal bytes.
    public let boundary: String

    public init(parts: [Part]) {
        self.parts = parts
        var number = 0
        var candidate = "WorkbenchFormBoundary"
        while parts.contains(where: { $0.data.range(of: Data(candidate.utf8)) != nil }) {
            number += 1
            candidate = "WorkbenchFormBoundary\(number)"
        }
        boundary = candidate
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public var data: Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escaped(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(Self.escaped(filename))\"" }
            head += "\r\n"
            if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
            body.append(contentsOf: Array((head + "\r\n").utf8))
            body.append(part.data)
            body.append(contentsOf: Array("\r\n".utf8))
        }
        body.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return body
    }

    /// A name inside the header's quotes: a quote and line breaks percent-encoded, as browsers do.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// `name=value` text fields and `name=@PATH[;type=TYPE]` files, as curl's `-F` writes them;
    /// files are read now (`read` gives their bytes).
    public static func parts<Failure: Error>(_ fields: [(name: String, value: String)],
                                             read: (String) throws(Failure) -> Data) throws(Failure) -> [Part] {
        var parts: [Part] = []
        for field in fields {
            guard field.value.hasPrefix("@") else {
                parts.append(.text(field.name, field.value))
                continue
            }
            var path = String(field.value.dropFirst())
            var type = "application/octet-stream"
            if let range = path.range(of: ";type=") {
                type = String(path[range.upperBound...])
                path = String(path[..<range.lowerBound])
            }
            let filename = URL(fileURLWithPath: path).lastPathComponent
            parts.append(Part(name: field.name, data: try read(path), filename: filename, contentType: type, path: path))
        }
        return parts
    }
}
