/// StringValue (§2.9.4): `"…"` with escapes, and `"""…"""` block strings with the spec's
/// BlockStringValue dedent, read as graphql-js reads them.
extension GraphQLLexer {
    /// `"…"`: one line; `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` (a surrogate pair as
    /// two of them) and `\u{X…}`.
    mutating func readString(from start: Int) throws(LexFailure) -> GraphQLToken {
        var index = start + 1
        var chunkStart = index
        var escaped: [UInt8]?  // built only once an escape is met; until then the value is a slice
        while index < source.count {
            let current = source[index]
            if current == ASCII.quote {
                let value: String
                if var bytes = escaped {
                    bytes.append(contentsOf: source[chunkStart..<index])
                    value = String(decoding: bytes, as: UTF8.self)
                } else {
                    value = text(chunkStart..<index)
                }
                return makeToken(.string, from: start, to: index + 1, value: value)
            }
            if current == ASCII.backslash {
                var bytes = escaped ?? []
                bytes.append(contentsOf: source[chunkStart..<index])
                let (scalar, size) = try readEscape(at: index)
                bytes.append(contentsOf: String(Character(scalar)).utf8)
                escaped = bytes
                index += size
                chunkStart = index
                continue
            }
            if current == ASCII.lineFeed || current == ASCII.carriageReturn { break }
            index += 1  // a multi-byte scalar passes byte by byte: none of its bytes is ASCII
        }
        throw LexFailure(offset: index, message: "Unterminated string.")
    }

    /// The escape sequence starting with the `\` at `offset`: what it stands for and its length
    /// (every character of a valid escape is ASCII, so characters and bytes are the same count).
    private func readEscape(at offset: Int) throws(LexFailure) -> (Unicode.Scalar, Int) {
        guard byte(at: offset + 1) == ASCII.lowerU else {
            switch byte(at: offset + 1) {
            case 0x22: return ("\"", 2)
            case 0x5C: return ("\\", 2)
            case 0x2F: return ("/", 2)
            case 0x62: return ("\u{08}", 2)
            case 0x66: return ("\u{0C}", 2)
            case 0x6E: return ("\n", 2)
            case 0x72: return ("\r", 2)
            case 0x74: return ("\t", 2)
            default:
                throw LexFailure(offset: offset, message: "Invalid character escape sequence: \"\(scalars(from: offset, count: 2))\".")
            }
        }
        if byte(at: offset + 2) == ASCII.braceLeft { return try readVariableWidthEscape(at: offset) }
        let code = hexCode(at: offset + 2)
        if let code, let scalar = Unicode.Scalar(code) { return (scalar, 6) }
        // A leading surrogate escape is valid only when a trailing one follows it (JSON style).
        if let code, (0xD800...0xDBFF).contains(code),
           byte(at: offset + 6) == ASCII.backslash, byte(at: offset + 7) == ASCII.lowerU,
           let trailing = hexCode(at: offset + 8), (0xDC00...0xDFFF).contains(trailing),
           let scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)) {
            return (scalar, 12)
        }
        throw LexFailure(offset: offset, message: "Invalid Unicode escape sequence: \"\(scalars(from: offset, count: 6))\".")
    }

    /// `\u{1F600}`: at most eight hex digits. Like graphql-js, whose 32-bit arithmetic goes negative,
    /// an eighth digit that would set the top bit ends the escape early.
    private func readVariableWidthEscape(at offset: Int) throws(LexFailure) -> (Unicode.Scalar, Int) {
        var point: UInt32 = 0
        var size = 3
        while size < 12 {
            let current = byte(at: offset + size)
            size += 1
            if current == ASCII.braceRight {
                guard size >= 5, let scalar = Unicode.Scalar(point) else { break }
                return (scalar, size)
            }
            guard let digit = current.flatMap(ASCII.hexValue), point < 0x0800_0000 else { break }
            point = point << 4 | digit
        }
        throw LexFailure(offset: offset, message: "Invalid Unicode escape sequence: \"\(scalars(from: offset, count: size))\".")
    }

    /// Four hex digits' value, or nil.
    private func hexCode(at offset: Int) -> UInt32? {
        var code: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = byte(at: index).flatMap(ASCII.hexValue) else { return nil }
            code = code << 4 | digit
        }
        return code
    }

    /// Up to `count` characters from `offset`, as an error message quotes a bad escape.
    private func scalars(from offset: Int, count: Int) -> String {
        var end = offset
        var taken = 0
        while end < source.count && taken < count {
            end += 1
            while end < source.count && source[end] & 0xC0 == 0x80 { end += 1 }
            taken += 1
        }
        return text(offset..<end)
    }

    /// `"""…"""`: raw (only `\"""` is an escape, for `"""`), over any number of lines, its value
    /// dedented by BlockStringValue. The lexer's line count moves on past the lines it spans.
    mutating func readBlockString(from start: Int) throws(LexFailure) -> GraphQLToken {
        let startLocation = location(at: start)
        var index = start + 3
        var chunkStart = index
        var currentLine: [UInt8] = []
        var lines: [[UInt8]] = []
        var lastLineStart = lineStart
        while index < source.count {
            let current = source[index]
            if current == ASCII.quote && byte(at: index + 1) == ASCII.quote && byte(at: index + 2) == ASCII.quote {
                currentLine.append(contentsOf: source[chunkStart..<index])
                lines.append(currentLine)
                line += lines.count - 1
                lineStart = lastLineStart
                return GraphQLToken(kind: .blockString, value: Self.blockStringValue(lines),
                                    location: startLocation, utf8Range: start..<index + 3)
            }
            if current == ASCII.backslash && byte(at: index + 1) == ASCII.quote
                && byte(at: index + 2) == ASCII.quote && byte(at: index + 3) == ASCII.quote {
                currentLine.append(contentsOf: source[chunkStart..<index])
                chunkStart = index + 1  // drop the backslash, keep the quotes
                index += 4
                continue
            }
            if current == ASCII.lineFeed || current == ASCII.carriageReturn {
                currentLine.append(contentsOf: source[chunkStart..<index])
                lines.append(currentLine)
                currentLine = []
                index += current == ASCII.carriageReturn && byte(at: index + 1) == ASCII.lineFeed ? 2 : 1
                chunkStart = index
                lastLineStart = index
                continue
            }
            index += 1
        }
        throw LexFailure(offset: index, message: "Unterminated string.")
    }

    /// The spec's BlockStringValue (§2.9.4): remove the common indentation of the lines after the
    /// first (spaces and tabs, counted alike), then the leading and trailing blank lines.
    static func blockStringValue(_ lines: [[UInt8]]) -> String {
        var commonIndent = Int.max
        var firstNonBlank: Int?
        var lastNonBlank = -1
        for (number, line) in lines.enumerated() {
            let indent = line.prefix { $0 == ASCII.space || $0 == ASCII.tab }.count
            if indent == line.count { continue }
            if firstNonBlank == nil { firstNonBlank = number }
            lastNonBlank = number
            if number != 0 && indent < commonIndent { commonIndent = indent }
        }
        guard let firstNonBlank else { return "" }
        var value: [UInt8] = []
        for number in firstNonBlank...lastNonBlank {
            if number != firstNonBlank { value.append(ASCII.lineFeed) }
            let line = lines[number]
            value.append(contentsOf: number == 0 ? line[...] : line.dropFirst(min(commonIndent, line.count)))
        }
        return String(decoding: value, as: UTF8.self)
    }
}
