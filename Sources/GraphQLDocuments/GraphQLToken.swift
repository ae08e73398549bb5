/// One lexical token of a GraphQL document (spec §2.1.6). Comments, commas and white space are
/// not tokens here: the grammar ignores them, and so does the lexer.
public struct GraphQLToken: Equatable, Sendable {
    /// Raw values are graphql-js's `TokenKind` strings, which its error messages print.
    public enum Kind: String, Sendable, CaseIterable {
        case endOfFile = "<EOF>"
        case bang = "!", dollar = "$", ampersand = "&", parenLeft = "(", parenRight = ")", spread = "..."
        case colon = ":", equals = "=", at = "@", bracketLeft = "[", bracketRight = "]"
        case braceLeft = "{", pipe = "|", braceRight = "}"
        case name = "Name", int = "Int", float = "Float", string = "String", blockString = "BlockString"

        /// Punctuators print quoted in messages (`"}"`); the other kinds print bare (`Name`).
        public var isPunctuator: Bool {
            switch self {
            case .endOfFile, .name, .int, .float, .string, .blockString: false
            default: true
            }
        }

        /// graphql-js's `getTokenKindDesc`: `"}"`, `Name`, `<EOF>`.
        public var messageDescription: String { isPunctuator ? "\"\(rawValue)\"" : rawValue }
    }

    public var kind: Kind
    /// A name, a number as written, or a string's value (escapes resolved, a block string
    /// dedented); nil for punctuators and the end of the file.
    public var value: String?
    /// Where the token starts: line and column from 1, the column counted in Unicode scalars.
    public var location: GraphQLLocation
    /// The token's UTF-8 offsets in the text.
    public var utf8Range: Range<Int>

    public init(kind: Kind, value: String? = nil, location: GraphQLLocation, utf8Range: Range<Int>) {
        self.kind = kind; self.value = value; self.location = location; self.utf8Range = utf8Range
    }

    /// graphql-js's `getTokenDesc`, as its messages print a token: `"}"`, `Name "fragment"`, `<EOF>`.
    public var messageDescription: String {
        guard let value else { return kind.messageDescription }
        return "\(kind.messageDescription) \"\(value)\""
    }
}

/// Lines and columns as graphql-js reports them: lines split at `\r\n`, `\n` and `\r`; columns from 1.
/// graphql-js counts columns in UTF-16 code units; this module counts Unicode scalars (as
/// graphql-core does), so the two differ only after a character outside the Basic Multilingual Plane.
enum SourcePosition {
    /// The line and column of a UTF-8 offset, counted from the start of the text.
    static func location(of offset: Int, in source: [UInt8]) -> GraphQLLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, source.count)
        while index < end {
            let byte = source[index]
            index += 1
            if byte == ASCII.lineFeed {
                line += 1; lineStart = index
            } else if byte == ASCII.carriageReturn {
                if index < end, source[index] == ASCII.lineFeed { index += 1 }
                line += 1; lineStart = index
            }
        }
        return GraphQLLocation(line: line, column: 1 + scalarCount(source, from: lineStart, to: end))
    }

    /// How many Unicode scalars start in `from..<to`: every byte that is not a UTF-8 continuation byte.
    static func scalarCount(_ source: [UInt8], from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if source[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// graphql-js's `printCodePointAt`: `"%"` for printable ASCII (`'"'` for a double quote),
    /// `U+00A0` for anything else, `<EOF>` past the end.
    static func printCodePoint(at offset: Int, in source: [UInt8]) -> String {
        guard offset < source.count else { return GraphQLToken.Kind.endOfFile.rawValue }
        let scalar = decodeScalar(at: offset, in: source)
        if scalar.value >= 0x20 && scalar.value <= 0x7E {
            return scalar == "\"" ? "'\"'" : "\"\(Character(scalar))\""
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The scalar whose UTF-8 encoding starts at `offset` (the text came from a String, so it is valid UTF-8).
    static func decodeScalar(at offset: Int, in source: [UInt8]) -> Unicode.Scalar {
        let lead = source[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        var index = offset + 1
        while index < offset + length && index < source.count {
            value = value << 6 | UInt32(source[index] & 0x3F)
            index += 1
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}

/// The ASCII bytes the lexer looks at, by name.
enum ASCII {
    static let tab: UInt8 = 0x09, lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, apostrophe: UInt8 = 0x27, comma: UInt8 = 0x2C
    static let plus: UInt8 = 0x2B, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E, zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let backslash: UInt8 = 0x5C, underscore: UInt8 = 0x5F, upperE: UInt8 = 0x45, lowerE: UInt8 = 0x65
    static let lowerU: UInt8 = 0x75, braceLeft: UInt8 = 0x7B, braceRight: UInt8 = 0x7D

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
    static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    /// NameStart: a letter or `_`.
    static func isNameStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == underscore }
    /// NameContinue: a letter, a digit or `_`.
    static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }
    /// The value of a hex digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
