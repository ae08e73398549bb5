import Foundation

/// A JSON document parsed once into a compact tape; values are read from it on demand.
///
/// Strings and numbers stay as byte ranges of the original bytes, which the document keeps
/// alive; reading a node allocates nothing until a `String` is asked for.
public struct JSONDocument: Sendable {
    let tape: JSONTape

    /// Parses UTF-8 `data` (RFC 8259; a leading byte order mark is skipped, as Foundation does).
    public init(parsing data: Data) throws(JSONSyntaxError) {
        var result: Result<(UnsafeMutablePointer<JSONTapeEntry>, Int), JSONSyntaxError> = .success((UnsafeMutablePointer(bitPattern: 1)!, 0))
        data.withUnsafeBytes { raw in
            do throws(JSONSyntaxError) {
                result = .success(try JSONParser.parse(raw))
            } catch {
                result = .failure(error)
            }
        }
        let (entries, count) = try result.get()
        tape = JSONTape(entries: entries, count: count, bytes: data)
    }

    /// Parses UTF-8 `bytes`.
    public init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        try self.init(parsing: Data(bytes))
    }

    /// Parses the UTF-8 form of `text`.
    public init(parsing text: String) throws(JSONSyntaxError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// The top-level value.
    public var root: JSONNode { JSONNode(tape: tape, index: 0) }

    /// The bytes the document was parsed from.
    public var bytes: Data { tape.bytes }

    /// How many tape entries the document holds (one per value and one per object key).
    public var entryCount: Int { tape.count }
}

/// What a JSON value is.
public enum JSONKind: Sendable, Equatable, CustomStringConvertible {
    case object, array, string, number, bool, null

    /// The word used in messages: `an object`, `a string`, `null`.
    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a bool"
        case .null: "null"
        }
    }
}
