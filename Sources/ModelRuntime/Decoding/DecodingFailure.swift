import Foundation

/// A decoding error with the case, coding path and text Foundation's `JSONDecoder` gives.
public struct DecodingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case typeMismatch(String)
        case valueNotFound(String)
        case keyNotFound(CodingPathComponent)
        case dataCorrupted
    }

    public var kind: Kind
    public var codingPath: [CodingPathComponent]
    public var debugDescription: String
    /// Set on an ISO-8601 date failure: JSONDecoder leaves the date's own key or index out of the path
    /// unless the date sits in an optional decoded through `Optional.init(from:)`.
    var skipsNextComponent = false

    public init(_ kind: Kind, codingPath: [CodingPathComponent], debugDescription: String) {
        self.kind = kind
        self.codingPath = codingPath
        self.debugDescription = debugDescription
    }

    /// Exactly what `print(error)` prints for the same `DecodingError` (Swift 6.3 on Linux).
    public var description: String {
        var text: String
        switch kind {
        case .typeMismatch(let type): text = "DecodingError.typeMismatch: expected value of type \(type)"
        case .valueNotFound(let type): text = "DecodingError.valueNotFound: Expected value of type \(type) but found null instead"
        case .keyNotFound(let key):
            text = "DecodingError.keyNotFound: Key '\(CodingPathComponent.render([key]))' not found in keyed decoding container"
        case .dataCorrupted: text = "DecodingError.dataCorrupted: Data was corrupted"
        }
        if !codingPath.isEmpty { text += ". Path: " + CodingPathComponent.render(codingPath) }
        if !debugDescription.isEmpty { text += ". Debug description: " + debugDescription }
        return text
    }

    /// The error JSONDecoder gives for bytes that are not valid JSON (or a number that does not fit).
    public static let invalidJSON = DecodingFailure(
        .dataCorrupted, codingPath: [], debugDescription: "The given data was not valid JSON.")
}

/// One step of a coding path: an object key, an array index or an `Int` dictionary key.
public enum CodingPathComponent: Equatable, Sendable {
    case key(String)
    case index(Int)
    case intKey(Int)

    /// A path as Swift prints it: `posts[1].id`, with keys holding `.` or a backtick in backticks.
    static func render(_ path: [CodingPathComponent]) -> String {
        var text = ""
        for (position, component) in path.enumerated() {
            switch component {
            case .index(let value), .intKey(let value):
                text += "[\(value)]"
            case .key(let key):
                if position > 0 { text += "." }
                if key.contains(".") || key.contains("`") {
                    text += "`" + key.replacingOccurrences(of: "`", with: "\\`") + "`"
                } else {
                    text += key
                }
            }
        }
        return text
    }
}
