import Foundation

/// A JSON document parsed once into a compact tape; values are read from it on demand.
///
/// Strings and numbers stay as byte ranges of the document's own copy of the input; reading a
/// node allocates nothing until a `String` is asked for.
public struct JSONDocument: Sendable {
    let tape: JSONTape

    /// Parses UTF-8 `data` (RFC 8259; a leading byte order mark is skipped, as Foundation does).
    public init(parsing data: Data, options: JSONParsingOptions = []) throws(JSONSyntaxError) {
        tape = try JSONDocument.parse(data.withUnsafeBytes(JSONTape.copy), options)
    }

    /// Parses UTF-8 `bytes`.
    public init(parsing bytes: [UInt8], options: JSONParsingOptions = []) throws(JSONSyntaxError) {
        tape = try JSONDocument.parse(bytes.withUnsafeBytes(JSONTape.copy), options)
    }

    /// Parses the document's own copy of the input, which the tape then owns (freed here on failure).
    private static func parse(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, _ options: JSONParsingOptions
    ) throws(JSONSyntaxError) -> JSONTape {
        do throws(JSONSyntaxError) {
            return try adopting(bytes, options)
        } catch {
            bytes.baseAddress!.deallocate()
            throw error
        }
    }

    /// A tape over `bytes` (from `JSONTape.copy`, a file `CurrentDocument.reading(file:)` read, or
    /// a `DocumentCopy` mapping when `mapped`), which it takes over only when the parse succeeds: on
    /// an error they are still the caller's.
    static func adopting(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, _ options: JSONParsingOptions, mapped: Bool = false
    ) throws(JSONSyntaxError) -> JSONTape {
        let (entries, count) = try JSONParser.parse(UnsafeRawBufferPointer(bytes), options: options, releasingPagesBehind: mapped)
        return JSONTape(entries: entries, count: count, bytes: bytes, mapped: mapped)
    }

    init(tape: JSONTape) {
        self.tape = tape
    }

    /// Parses the UTF-8 form of `text`.
    public init(parsing text: String, options: JSONParsingOptions = []) throws(JSONSyntaxError) {
        try self.init(parsing: Data(text.utf8), options: options)
    }

    /// The top-level value.
    public var root: JSONNode { JSONNode(tape: tape, index: 0) }

    /// The bytes the document was parsed from (a copy).
    public var bytes: Data { tape.bytes }

    /// The bytes the document was parsed from, without a copy: a `Data` over the tape's own bytes
    /// that keeps the tape alive. Only for a holder that keeps it unchanged for as long as it lives
    /// (`CurrentDocument.data` is a `let`): a uniquely referenced `Data` made with `bytesNoCopy`
    /// may be changed in place, and the tape's bytes must never change.
    var sharedBytes: Data {
        let tape = tape
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: tape.base), count: tape.byteCount,
                    deallocator: .custom { _, _ in withExtendedLifetime(tape) {} })
    }

    /// How many tape entries the document holds (one per value and one per object key).
    public var entryCount: Int { tape.count }
}

/// Departures from strict RFC 8259 that a parse may allow.
public struct JSONParsingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One comma after the last element or member (`[1,]`, `{"a":1,}`), which Foundation's
    /// JSONDecoder accepts on Linux; `[,]` and `[1,,]` stay errors, as there.
    public static let trailingCommas = JSONParsingOptions(rawValue: 1 << 0)

    /// Strings and numbers are checked only for where they end, as Foundation's JSONDecoder scans a
    /// document before decoding it: text that is not valid JSON (`01`, `1.`, `"\x"`, a raw control
    /// character, bad UTF-8) is kept and marked (`JSONNode.isMalformed`), and only reading it fails.
    public static let deferredValueChecks = JSONParsingOptions(rawValue: 1 << 1)

    /// Exactly what Foundation's JSONDecoder accepts as valid JSON (for validating a document).
    public static let foundationCompatible: JSONParsingOptions = [.trailingCommas]

    /// What Foundation's JSONDecoder accepts before decoding: it checks a string or a number only
    /// when a decoded type reads it, so an unread malformed value does not fail a decode.
    public static let foundationDecoding: JSONParsingOptions = [.trailingCommas, .deferredValueChecks]
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
