import LineEditor

/// A command line split into words as a POSIX shell reads it (bash's `$'…'` too), for a pasted
/// curl command: browsers' "Copy as cURL" and API docs write for a shell, not for `Arguments.split`.
/// Nothing is expanded: `$NAME` and backquotes stay as written.
enum ShellWords {
    /// The words of `text`; a shell operator (`|`, `;`, `&`, `<`, `>`) or an open quote is an error.
    static func split(_ text: String) throws -> [String] {
        var scanner = Scanner(Array(text.unicodeScalars))
        do {
            return try scanner.words()
        } catch ShellWordsError.openQuote(let quote) {
            throw UsageError("curl: a \(quote) quote is not closed")
        }
    }

    /// A curl line goes on to the next line while a quote is open or its last line ends in `\`.
    static func completeness(of text: String) -> InputCompleteness {
        var scanner = Scanner(Array(text.unicodeScalars))
        do {
            _ = try scanner.words()
            return scanner.endsInContinuation ? .incomplete : .complete
        } catch ShellWordsError.openQuote {
            return .incomplete
        } catch {
            return .complete
        }
    }

    enum ShellWordsError: Error {
        case openQuote(Character)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// A `\` at the very end, which a shell reads as "the line goes on".
        var endsInContinuation = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func words() throws -> [String] {
            var words: [String] = []
            var word: [UInt8] = []
            var inWord = false
            func append(_ scalar: Unicode.Scalar) { word += Array(String(scalar).utf8) }
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case " ", "\t", "\n", "\r":
                    if inWord { words.append(String(decoding: word, as: UTF8.self)) }
                    word = []
                    inWord = false
                case "\\":
                    guard index < scalars.count else {
                        endsInContinuation = true
                        break
                    }
                    let next = scalars[index]
                    index += 1
                    // A line continuation is nothing at all; any other character is itself.
                    if next == "\r" && index < scalars.count && scalars[index] == "\n" {
                        index += 1
                    } else if next != "\n" {
                        inWord = true
                        append(next)
                    }
                case "'":
                    inWord = true
                    guard let close = scalars[index...].firstIndex(of: "'") else { throw ShellWordsError.openQuote("'") }
                    for inner in scalars[index..<close] { append(inner) }
                    index = close + 1
                case "\"":
                    inWord = true
                    try doubleQuoted(into: &word)
                case "$" where index < scalars.count && scalars[index] == "'":
                    inWord = true
                    index += 1
                    try ansiC(into: &word)
                case "|", ";", "&", "<", ">":
                    throw UsageError("curl: '\(scalar)' is shell syntax (a pipe, a redirection or a second command): Workbench reads one curl command — quote it if it is part of a word")
                default:
                    inWord = true
                    append(scalar)
                }
            }
            if inWord { words.append(String(decoding: word, as: UTF8.self)) }
            return words
        }

        /// `"…"`: a backslash escapes only `$`, `` ` ``, `"`, `\` and a line break.
        private mutating func doubleQuoted(into word: inout [UInt8]) throws {
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { return }
                if scalar == "\\", index < scalars.count {
                    let next = scalars[index]
                    if "$`\"\\\n".unicodeScalars.contains(next) {
                        index += 1
                        if next != "\n" { word += Array(String(next).utf8) }
                        continue
                    }
                }
                word += Array(String(scalar).utf8)
            }
            throw ShellWordsError.openQuote("\"")
        }

        /// bash's `$'…'`: C escapes; `\xHH` and octal give bytes, `\u`/`\U` code points.
        private mutating func ansiC(into word: inout [UInt8]) throws {
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "'" { return }
                guard scalar == "\\", index < scalars.count else {
                    word += Array(String(scalar).utf8)
                    continue
                }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "n": word.append(10)
                case "r": word.append(13)
                case "t": word.append(9)
                case "a": word.append(7)
                case "b": word.append(8)
                case "e", "E": word.append(27)
                case "f": word.append(12)
                case "v": word.append(11)
                case "x": word.append(UInt8(hexDigits(max: 2) ?? 0x78))
                case "u", "U":
                    let code = hexDigits(max: escape == "u" ? 4 : 8)
                    if let code, let scalar = Unicode.Scalar(code) { word += Array(String(scalar).utf8) }
                case "0"..."7":
                    index -= 1
                    var value = 0
                    for _ in 0..<3 where index < scalars.count && ("0"..."7").contains(scalars[index]) {
                        value = value * 8 + Int(scalars[index].value - 48)
                        index += 1
                    }
                    word.append(UInt8(truncatingIfNeeded: value))
                default: word += Array(String(escape).utf8)
                }
            }
            throw ShellWordsError.openQuote("'")
        }

        private mutating func hexDigits(max: Int) -> UInt32? {
            var value: UInt32 = 0
            var count = 0
            while count < max, index < scalars.count, let digit = UInt32(String(scalars[index]), radix: 16) {
                value = value * 16 + digit
                index += 1
                count += 1
            }
            return count == 0 ? nil : value
        }
    }
}
