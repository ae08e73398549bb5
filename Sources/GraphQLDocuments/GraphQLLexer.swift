/// The lexical grammar of GraphQL (October 2021 spec, §2.1), token by token as graphql-js reads it,
/// with graphql-js's error messages. It reads the text's UTF-8 bytes: every character the grammar
/// names is ASCII, so bytes are enough, and they are fast to index even in debug builds.
///
/// Ignored: white space (space, tab), line terminators (`\n`, `\r\n`, `\r`), commas, the byte-order
/// mark U+FEFF (anywhere, as graphql-js) and comments. Any other character outside a string (U+00A0
/// and the other Unicode spaces included) is refused: `Unexpected character: U+00A0.`
public struct GraphQLLexer: Sendable {
    let source: [UInt8]
    /// The UTF-8 offset of the next character to read.
    var position = 0
    /// The current line (from 1) and the UTF-8 offset where it starts.
    var line = 1
    var lineStart = 0
    /// The last column computed and where, so that columns cost O(1) each on a long line.
    private var columnCacheLineStart = 0, columnCacheOffset = 0, columnCacheColumn = 1
    /// Where the token being read starts: recovery after an error starts past it.
    private var tokenStart = 0
    /// Whether the text ends inside a comment (the completion context then has nothing to offer).
    private(set) var endsInComment = false

    public init(_ text: String) {
        source = Array(text.utf8)
    }

    /// The next token; `.endOfFile` at the end, and again on every later call.
    public mutating func next() throws(GraphQLSyntaxError) -> GraphQLToken {
        do {
            return try lexToken()
        } catch {
            throw syntaxError(error)
        }
    }

    /// Every token of the text, the final `.endOfFile` left out.
    public static func tokens(in text: String) throws(GraphQLSyntaxError) -> [GraphQLToken] {
        var lexer = GraphQLLexer(text)
        var tokens: [GraphQLToken] = []
        while true {
            let token = try lexer.next()
            if token.kind == .endOfFile { return tokens }
            tokens.append(token)
        }
    }

    /// A failure as graphql-js reports it: `Syntax Error: …` where the offending character is.
    func syntaxError(_ failure: LexFailure) -> GraphQLSyntaxError {
        GraphQLSyntaxError(message: "Syntax Error: " + failure.message,
                           location: SourcePosition.location(of: failure.offset, in: source))
    }

    /// Steps past a failure so that a tolerant reader (the completion context) can read on:
    /// from where the failure was found, at least one character past where its token started.
    mutating func skip(past failure: LexFailure) {
        position = min(source.count, max(failure.offset, tokenStart + 1))
        while position < source.count && source[position] & 0xC0 == 0x80 { position += 1 }
    }

    /// Reads the next token (graphql-js's `readNextToken`), leaving `position` after it.
    mutating func lexToken() throws(LexFailure) -> GraphQLToken {
        while position < source.count {
            let current = source[position]
            tokenStart = position
            switch current {
            case ASCII.space, ASCII.tab, ASCII.comma:
                position += 1
                continue
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:  // U+FEFF
                position += 3
                continue
            case ASCII.lineFeed, ASCII.carriageReturn:
                position += current == ASCII.carriageReturn && byte(at: position + 1) == ASCII.lineFeed ? 2 : 1
                line += 1
                lineStart = position
                continue
            case ASCII.hash:
                skipComment()
                continue
            default:
                break
            }
            let token = try readToken(startingWith: current)
            position = token.utf8Range.upperBound
            return token
        }
        tokenStart = source.count
        return makeToken(.endOfFile, from: source.count, to: source.count)
    }

    private mutating func readToken(startingWith first: UInt8) throws(LexFailure) -> GraphQLToken {
        let start = position
        if let punctuator = Self.punctuators[Int(first)] {
            return makeToken(punctuator, from: start, to: start + 1)
        }
        switch first {
        case ASCII.quote:
            if byte(at: start + 1) == ASCII.quote && byte(at: start + 2) == ASCII.quote {
                return try readBlockString(from: start)
            }
            return try readString(from: start)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try readNumber(from: start)
        case _ where ASCII.isNameStart(first):
            var end = start + 1
            while end < source.count && ASCII.isNameContinue(source[end]) { end += 1 }
            return makeToken(.name, from: start, to: end, value: text(start..<end))
        case ASCII.dot where byte(at: start + 1) == ASCII.dot && byte(at: start + 2) == ASCII.dot:
            return makeToken(.spread, from: start, to: start + 3)
        case ASCII.apostrophe:
            throw LexFailure(offset: start, message: "Unexpected single quote character ('), did you mean to use a double quote (\")?")
        default:
            throw LexFailure(offset: start, message: "Unexpected character: \(printCodePoint(at: start)).")
        }
    }

    /// The one-character punctuators, by their byte (`...` is read apart).
    private static let punctuators: [GraphQLToken.Kind?] = {
        var table = [GraphQLToken.Kind?](repeating: nil, count: 256)
        for kind in GraphQLToken.Kind.allCases where kind.isPunctuator && kind != .spread {
            table[Int(kind.rawValue.utf8.first!)] = kind
        }
        return table
    }()

    /// `# …` up to the end of the line.
    private mutating func skipComment() {
        while position < source.count && source[position] != ASCII.lineFeed && source[position] != ASCII.carriageReturn {
            position += 1
        }
        endsInComment = position == source.count
    }

    /// IntValue or FloatValue (graphql-js's `readNumber`): no leading zeros, and neither `.` nor a
    /// name start may follow a number (`1a`, `1.5.`).
    private mutating func readNumber(from start: Int) throws(LexFailure) -> GraphQLToken {
        var index = start
        var isFloat = false
        if byte(at: index) == ASCII.minus { index += 1 }
        if byte(at: index) == ASCII.zero {
            index += 1
            if let next = byte(at: index), ASCII.isDigit(next) {
                throw LexFailure(offset: index, message: "Invalid number, unexpected digit after 0: \(printCodePoint(at: index)).")
            }
        } else {
            index = try readDigits(from: index)
        }
        if byte(at: index) == ASCII.dot {
            isFloat = true
            index = try readDigits(from: index + 1)
        }
        if let exponent = byte(at: index), exponent == ASCII.upperE || exponent == ASCII.lowerE {
            isFloat = true
            index += 1
            if let sign = byte(at: index), sign == ASCII.plus || sign == ASCII.minus { index += 1 }
            index = try readDigits(from: index)
        }
        if let next = byte(at: index), next == ASCII.dot || ASCII.isNameStart(next) {
            throw LexFailure(offset: index, message: "Invalid number, expected digit but got: \(printCodePoint(at: index)).")
        }
        return makeToken(isFloat ? .float : .int, from: start, to: index, value: text(start..<index))
    }

    /// One or more digits; the offset after them.
    private func readDigits(from start: Int) throws(LexFailure) -> Int {
        guard let first = byte(at: start), ASCII.isDigit(first) else {
            throw LexFailure(offset: start, message: "Invalid number, expected digit but got: \(printCodePoint(at: start)).")
        }
        var index = start + 1
        while index < source.count && ASCII.isDigit(source[index]) { index += 1 }
        return index
    }

    // MARK: Helpers shared with GraphQLLexer+Strings.swift

    func byte(at offset: Int) -> UInt8? {
        offset < source.count ? source[offset] : nil
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    func printCodePoint(at offset: Int) -> String {
        SourcePosition.printCodePoint(at: offset, in: source)
    }

    /// A token starting on the current line.
    mutating func makeToken(_ kind: GraphQLToken.Kind, from start: Int, to end: Int, value: String? = nil) -> GraphQLToken {
        GraphQLToken(kind: kind, value: value, location: location(at: start), utf8Range: start..<end)
    }

    /// The location of an offset on the current line, counting columns on from the last one asked for.
    mutating func location(at offset: Int) -> GraphQLLocation {
        if columnCacheLineStart != lineStart || columnCacheOffset > offset || columnCacheOffset < lineStart {
            columnCacheLineStart = lineStart
            columnCacheOffset = lineStart
            columnCacheColumn = 1
        }
        columnCacheColumn += SourcePosition.scalarCount(source, from: columnCacheOffset, to: offset)
        columnCacheOffset = offset
        return GraphQLLocation(line: line, column: columnCacheColumn)
    }
}

/// A lexical error before it is placed: the UTF-8 offset graphql-js reports, and its message
/// without the `Syntax Error: ` that `GraphQLLexer.syntaxError` puts in front.
struct LexFailure: Error {
    var offset: Int
    var message: String
}
