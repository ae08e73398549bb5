internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// The first syntax error of parsed Swift, where it is and what it says: what the model parser, a
/// snippet and the prompt report.
public struct FirstSyntaxError: Sendable {
    public let message: String
    public let line: Int
    public let column: Int

    /// nil when `tree` has no error.
    init?(in tree: SourceFileSyntax, converter: SourceLocationConverter) {
        guard tree.hasError else { return nil }
        // A control character or U+FFFD (what undecodable bytes become) is reported first, as swiftc
        // does: swift-syntax's diagnostics trap on some sources holding one (`let n \u{1}= 3`,
        // `let n \u{FFFD}= 3`: "A Fix-It must have at least one change"), found by `make fuzz`.
        let bytes = tree.syntaxTextBytes
        if let offset = Self.firstInvalidCharacter(in: bytes) {
            let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
            message = bytes[offset] == 0xEF ? "invalid character in source"
                : "unprintable ASCII character U+\(String(bytes[offset], radix: 16, uppercase: true).leftPadded(4)) found in source"
            line = location.line
            column = location.column
            return
        }
        guard let first = ParseDiagnosticsGenerator.diagnostics(for: tree).first else { return nil }
        let location = first.location(converter: converter)
        message = first.message
        line = location.line
        column = location.column
    }
}

extension FirstSyntaxError {
    /// How deep `[` may nest in a source given to swift-syntax (`BracketGuard`): its parser's time
    /// doubles with each level. Real code never nests so deep.
    public static let bracketNestingLimit = BracketGuard.nestingLimit

    /// The error for a source swift-syntax should not be given (`[` nested deeper than
    /// `bracketNestingLimit`, or generic arguments' `<` deeper than `AngleGuard.nestingLimit`, as its
    /// lexer reads them), at the outermost of them; nil for any other source. `GuardedParse` asks it
    /// before every parse of typed Swift.
    public static func beforeParsing(_ source: String) -> FirstSyntaxError? {
        var text = source
        if let offset = text.withUTF8({ BracketGuard.check($0).tooDeep }) {
            return FirstSyntaxError(at: offset, in: source, message: "'[' nested more than \(bracketNestingLimit) deep: too deep to parse")
        }
        if let offset = text.withUTF8(AngleGuard.tooDeep) {
            return FirstSyntaxError(at: offset, in: source, message: "'<' nested more than \(AngleGuard.nestingLimit) deep: too deep to parse")
        }
        return nil
    }

    /// An error at the UTF-8 `offset` of `source`.
    init(at offset: Int, in source: String, message: String) {
        // Lines end at `\n`, `\r\n` or `\r`, and columns count UTF-8 bytes, as swift-syntax's do.
        let bytes = Array(source.utf8.prefix(offset + 1))
        var (line, lineStart) = (1, 0)
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            (line, lineStart) = (line + 1, index + 1)
        }
        self.message = message
        self.line = line
        self.column = offset - lineStart + 1
    }

    /// The offset of the first control character (but tab and line breaks), DEL or U+FFFD.
    static func firstInvalidCharacter(in bytes: [UInt8]) -> Int? {
        for (offset, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F { return offset }
            if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] == 0xBD { return offset }
        }
        return nil
    }
}

/// Thrown where a source is refused before parsing: `1:9: '[' nested more than 16 deep: too deep to parse`.
extension FirstSyntaxError: Error, CustomStringConvertible {
    public var description: String { "\(line):\(column): \(message)" }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
