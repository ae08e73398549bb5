import SwiftParserDiagnostics
import SwiftSyntax

/// The first syntax error of parsed Swift, where it is and what it says: what the model parser, a
/// snippet and the prompt report.
public struct FirstSyntaxError: Sendable {
    public let message: String
    public let line: Int
    public let column: Int

    /// nil when `tree` has no error.
    public init?(in tree: SourceFileSyntax, converter: SourceLocationConverter) {
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
    /// Unclosed `[` allowed before swift-syntax parses a source: its parser's lookahead tries both
    /// an array and a dictionary type at each one it cannot close, so the time doubles with each
    /// (16 took 3.5 s, 28 would take hours; found by `make fuzz`). Real code never leaves so many.
    public static let unclosedBracketLimit = 8

    /// The error for a source swift-syntax should not be given (more than `unclosedBracketLimit`
    /// unclosed `[`), at the first of them; nil for any other source. Brackets in string literals
    /// and comments do not count. A one-line string literal ends with its line, closed or not, as
    /// swift-syntax reads it: an unclosed `"` hid every `[` of the lines after it, which swift-syntax
    /// then parsed for hours (found by `make fuzz`); only a `"""` string goes on over lines. What a
    /// `\(…)` in a string holds is code, parsed as any other (a `[` there counts; found by `make fuzz`).
    /// A `"` in the `\(…)` of a one-line string, after what ends an expression (`"\(post".a[[…`),
    /// ends that string, as swift-syntax's parser takes it (an identifier cannot be followed by a
    /// string literal): what comes after is code (found by `make fuzz`); elsewhere in a `\(…)` a `"`
    /// opens a string of its own (`"\(d["k"])"`). A raw string (`#"…"#`) ends only at a `"` with as
    /// many `#` and its `\(…)` is `\#(…)`; a `/* … */` comment (nested ones too) hides what it holds:
    /// read as plain strings and code, a `"` in either hid the `[` after it (found by reading this).
    /// A `"` opens a `"""` string after an empty `""` only: right after the `"""` that closes a
    /// `"""` string (`"""…""""`) it opens a one-line string, and taken as a `"""` one it hid the `[` of
    /// every line after it (found by `make fuzz`).
    public static func beforeParsing(_ source: String) -> FirstSyntaxError? {
        var open: [(line: Int, column: Int)] = []
        var (line, column) = (1, 0)
        var inString = false, multiline = false, inLineComment = false
        var quotes = 0  // `"` in a row inside a `"""` string, three close it
        // The string's `#` (0 but in a raw string); in it, the `#` read after a `\` (nil: no `\`)
        // and the `#` still needed after its closing `"` (nil: none read).
        var pounds = 0, afterBackslash: Int?, closing: Int?
        var poundsBefore = 0  // `#` right before this character, in code
        var commentDepth = 0, commentPrevious: Character = " "  // `/* … */`, nested
        var previous: Character = " "
        // Characters read, where the string being read opened, and where an empty `""` last closed.
        var index = 0, stringOpened = 0, emptyStringClosed: Int?
        // The `\(…)` being read, innermost last: whether its string is a `"""` one, and its `(` depth.
        var interpolations: [(multiline: Bool, pounds: Int, depth: Int)] = []
        // The last character read as code but blanks, and the last word (a keyword such as `try`
        // expects an expression after it): whether a `"` in a `\(…)` ends its string (above).
        var lastCode: Character = " ", word = "", postfix = false
        for character in source {
            column += 1
            index += 1
            defer { previous = character }
            if character == "\n" || character == "\r\n" || character == "\r" {
                (line, column, inLineComment) = (line + 1, 0, false)
                (afterBackslash, closing, poundsBefore) = (nil, nil, 0)
                if inString && !multiline { inString = false }
                // A one-line string ends with its line, so does a `\(…)` in it.
                if interpolations.contains(where: { !$0.multiline }) { (interpolations, inString) = ([], false) }
                continue
            }
            if inLineComment { continue }
            if commentDepth > 0 {
                if commentPrevious == "*" && character == "/" {
                    (commentDepth, commentPrevious) = (commentDepth - 1, " ")
                } else if commentPrevious == "/" && character == "*" {
                    (commentDepth, commentPrevious) = (commentDepth + 1, " ")
                } else {
                    commentPrevious = character
                }
                continue
            }
            if inString {
                if let seen = afterBackslash {
                    afterBackslash = nil
                    if character == "#" && seen < pounds { afterBackslash = seen + 1; continue }
                    if seen == pounds {
                        quotes = 0
                        if character == "(" {
                            interpolations.append((multiline, pounds, 1))
                            (inString, multiline, lastCode, word) = (false, false, "(", "")
                        }
                        continue  // an escaped character
                    }
                    // Fewer `#` than the string's: the `\` was text, and so is this character.
                }
                if let needed = closing {
                    closing = nil
                    if character == "#" {
                        if needed == 1 { (inString, multiline, lastCode, word) = (false, false, "\"", "") } else { closing = needed - 1 }
                        continue
                    }
                }
                if character == "\\" {
                    (afterBackslash, quotes) = (0, 0)
                } else if character == "\"" {
                    quotes += 1
                    if !multiline || quotes == 3 {
                        quotes = 0
                        if !multiline && pounds == 0 && stringOpened == index - 1 { emptyStringClosed = index }
                        if pounds > 0 { closing = pounds } else { (inString, multiline, lastCode, word) = (false, false, "\"", "") }
                    }
                } else {
                    quotes = 0
                }
                continue
            }
            let ended = Self.endsExpression(lastCode, word: word, postfix: postfix)
            if character != " " && character != "\t" {
                if character.isLetter || character.isNumber || character == "_" {
                    word = Self.isWordCharacter(previous) ? word + String(character) : String(character)
                } else if character != "!" && character != "?" {
                    word = ""
                }
                postfix = (character == "!" || character == "?") && Self.endsExpression(previous, word: word, postfix: false)
                lastCode = character
            }
            defer { poundsBefore = character == "#" ? poundsBefore + 1 : 0 }
            switch character {
            case "\"" where interpolations.last.map({ !$0.multiline }) == true && ended:
                // The `"` ends the string the `\(…)` is in: code goes on after it.
                interpolations.removeLast()
                (lastCode, word) = ("\"", "")
            case "\"":
                // A third `"` right after an empty `""` opens a `"""` string.
                multiline = emptyStringClosed == index - 1
                (inString, quotes, pounds, stringOpened) = (true, 0, poundsBefore, index)
            case "(" where !interpolations.isEmpty:
                interpolations[interpolations.count - 1].depth += 1
            case ")" where !interpolations.isEmpty:
                interpolations[interpolations.count - 1].depth -= 1
                if interpolations[interpolations.count - 1].depth == 0 {
                    let string = interpolations.removeLast()
                    (inString, multiline, pounds, quotes) = (true, string.multiline, string.pounds, 0)
                }
            case "/" where previous == "/": inLineComment = true
            case "*" where previous == "/": (commentDepth, commentPrevious) = (1, " ")
            case "[": open.append((line, column))
            case "]": _ = open.popLast()
            default: break
            }
        }
        guard open.count > unclosedBracketLimit, let first = open.first else { return nil }
        return FirstSyntaxError(message: "\(open.count) '[' are never closed", line: first.line, column: first.column)
    }

    /// Keywords after which an expression comes (`"\(try "x")"`: the `"` opens a string).
    private static let expectingExpression: Set<String> = [
        "try", "await", "throw", "return", "in", "is", "as", "if", "else", "switch", "case", "where", "guard",
        "while", "repeat", "each", "some", "any", "consume", "copy", "yield", "then", "let", "var",
    ]

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Whether code that ends with `last` (`word` the last word, `postfix` a `!` or `?` right after
    /// an expression) is a whole expression, which a string literal cannot follow.
    private static func endsExpression(_ last: Character, word: String, postfix: Bool) -> Bool {
        if expectingExpression.contains(word) { return false }
        if last == "!" || last == "?" { return postfix }
        return isWordCharacter(last) || last == ")" || last == "]" || last == "}" || last == "`" || last == "\""
    }

    private init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
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

/// Thrown where a source is refused before parsing: `1:9: 28 '[' are never closed`.
extension FirstSyntaxError: Error, CustomStringConvertible {
    public var description: String { "\(line):\(column): \(message)" }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
