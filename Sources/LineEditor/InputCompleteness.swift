/// Whether the text typed so far is a whole input, and if not, what to do with the lines read.
public enum InputCompleteness: Equatable, Sendable {
    /// A whole input: run it.
    case complete
    /// A valid beginning that ends too early: read another line.
    case incomplete
    /// The last line cannot continue what came before: the lines before it are the input (it
    /// fails with its own error) and the last line is read again as the start of the next one.
    case completeBeforeLastLine

    /// The rule for Swift: open `{`, `[` or `(`, an open string literal or an open block
    /// comment mean "more to come", so a multi-line `struct` can be typed line by line; blank
    /// lines inside change nothing. Brackets inside strings and comments do not count. Too many
    /// closers count as complete: the parser that runs next reports the mistake.
    public static func ofSwift(_ text: String) -> InputCompleteness {
        bracketsAndStringsClosed(text) ? .complete : .incomplete
    }

    static func bracketsAndStringsClosed(_ text: String) -> Bool {
        var depth = 0
        var state = State.code
        let bytes = Array(text.utf8)
        var index = 0
        func at(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .code:
                if byte == .quote {
                    if at(1) == .quote && at(2) == .quote {
                        state = .multilineString
                        index += 2
                    } else {
                        state = .string
                    }
                } else if byte == .slash && at(1) == .slash {
                    state = .lineComment
                } else if byte == .slash && at(1) == .star {
                    state = .blockComment
                    index += 1
                } else if byte == .openBrace || byte == .openBracket || byte == .openParen {
                    depth += 1
                } else if byte == .closeBrace || byte == .closeBracket || byte == .closeParen {
                    depth -= 1
                }
            case .string:
                if byte == .backslash {
                    index += 1
                } else if byte == .quote {
                    state = .code
                }
            case .multilineString:
                if byte == .backslash {
                    index += 1
                } else if byte == .quote && at(1) == .quote && at(2) == .quote {
                    state = .code
                    index += 2
                }
            case .lineComment:
                if byte == .newline { state = .code }
            case .blockComment:
                if byte == .star && at(1) == .slash {
                    state = .code
                    index += 1
                }
            }
            index += 1
        }
        switch state {
        case .string, .multilineString, .blockComment: return false
        case .code, .lineComment: return depth <= 0
        }
    }

    private enum State {
        case code, string, multilineString, lineComment, blockComment
    }
}

private extension UInt8 {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let newline = UInt8(ascii: "\n")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
}
