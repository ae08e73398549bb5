/// The printer's output side: the chunk writer, the layout, colours and line counting.
struct JSONPrettyOutput {
    var writer: JSONByteWriter
    let pretty: Bool
    private let indentStep: Int
    /// `\n` followed by enough spaces for the deepest level.
    private let newlineAndIndent: UnsafeMutablePointer<UInt8>
    let colors: JSONThemeBytes?
    private(set) var lines = 0
    private let lineLimit: Int

    init(_ printer: JSONPrinter, capacity: Int = 1 << 16, flush: @escaping (UnsafeRawBufferPointer) -> Void) {
        writer = JSONByteWriter(capacity: capacity, flush: flush)
        switch printer.layout {
        case .pretty(let indent):
            pretty = true
            indentStep = max(0, min(indent, 16))
        case .compact:
            pretty = false
            indentStep = 0
        }
        let size = 1 + (JSONLexer.maxDepth + 1) * indentStep
        newlineAndIndent = .allocate(capacity: size)
        newlineAndIndent.initialize(repeating: 0x20, count: size)
        newlineAndIndent[0] = 0x0A
        colors = printer.theme.map(JSONThemeBytes.init)
        lineLimit = printer.lineLimit ?? .max
        if lineLimit <= 0 { writer.active = false }
    }

    func deallocate() {
        writer.deallocate()
        newlineAndIndent.deallocate()
    }

    var summary: JSONPrintSummary {
        let total = pretty ? lines : 1
        return JSONPrintSummary(total: total, limit: lineLimit)
    }

    /// Ends the current line and indents the next one to `depth`.
    @inline(__always)
    mutating func newline(_ depth: Int) {
        guard pretty else { return }
        lines &+= 1
        if lines < lineLimit {
            writer.write(newlineAndIndent, 1 &+ depth &* indentStep)
        } else {
            // The last line allowed ends here: no indent for a line that is not printed.
            writer.write(0x0A)
            writer.active = false
        }
    }

    /// Writes `count` bytes at `p`, wrapped in the colour for `role` when a theme is set.
    @inline(__always)
    mutating func token(_ p: UnsafePointer<UInt8>, _ count: Int, _ role: JSONTokenRole) {
        if let colors {
            switch role {
            case .key: writer.write(colors.key)
            case .string: writer.write(colors.string)
            case .number: writer.write(colors.number)
            case .literal: writer.write(colors.literal)
            }
            writer.write(p, count)
            writer.write(colors.reset)
        } else {
            writer.write(p, count)
        }
    }

    mutating func finish() {
        if pretty {
            writer.write(0x0A)
            lines &+= 1
        }
        writer.drain()
    }
}

/// Which colour of a theme a token takes.
enum JSONTokenRole {
    case key, string, number, literal
}

extension JSONPrintSummary {
    init(total: Int, limit: Int) {
        self.init(totalLines: total, printedLines: min(total, max(0, limit)))
    }
}

extension JSONPrinter {
    /// One pass over `raw` that validates and writes: the parser's grammar, tokens copied as received.
    static func print(_ raw: UnsafeRawBufferPointer, _ out: inout JSONPrettyOutput) throws(JSONSyntaxError) {
        guard let base = raw.baseAddress, raw.count > 0 else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: JSONValueContext.topLevel.message(found: "the end of the input"))
        }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let end = raw.count
        let isObject = UnsafeMutablePointer<Bool>.allocate(capacity: JSONLexer.maxDepth + 1)
        defer { isObject.deallocate() }
        var depth = 0
        var context = JSONValueContext.topLevel
        var pos = JSONLexer.skipWhitespace(p, JSONLexer.skipByteOrderMark(p, end), end)
        printing: while true {
            guard pos < end else { throw missingValue(p, pos, end, context) }
            let c = p[pos]
            switch c {
            case 0x22:
                let string = try JSONLexer.scanString(p, pos, end)
                out.token(p + pos, string.close &+ 1 &- pos, .string)
                pos = string.close &+ 1
            case 0x30...0x39, 0x2D:
                let number = try JSONLexer.scanNumber(p, pos, end)
                out.token(p + pos, number.end &- pos, .number)
                pos = number.end
            case 0x7B, 0x5B:
                guard depth < JSONLexer.maxDepth else {
                    throw JSONLexer.error(p, pos, end, "expected at most \(JSONLexer.maxDepth) nested arrays and objects, found more")
                }
                out.writer.write(c)
                let close = c &+ 2
                pos = JSONLexer.skipWhitespace(p, pos &+ 1, end)
                if pos < end, p[pos] == close {
                    out.writer.write(close)
                    pos &+= 1
                } else {
                    depth &+= 1
                    isObject[depth] = c == 0x7B
                    out.newline(depth)
                    if c == 0x7B {
                        pos = try key(p, pos, end, &out, first: true)
                        context = .afterColon
                    } else {
                        context = .firstElement
                    }
                    continue printing
                }
            case 0x74, 0x66, 0x6E:
                let length = JSONLexer.matchLiteral(p, pos, end)
                guard length != 0 else { throw missingValue(p, pos, end, context) }
                out.token(p + pos, length, .literal)
                pos &+= length
            default:
                throw missingValue(p, pos, end, context)
            }
            while true {
                pos = JSONLexer.skipWhitespace(p, pos, end)
                if depth == 0 {
                    guard pos == end else {
                        throw JSONLexer.error(p, pos, end, "expected the end of the input after the top-level value, found \(JSONLexer.describeFound(p, pos, end))")
                    }
                    out.finish()
                    return
                }
                let inObject = isObject[depth]
                let c: UInt8 = pos < end ? p[pos] : 0
                if c == 0x2C {
                    out.writer.write(0x2C)
                    out.newline(depth)
                    pos = JSONLexer.skipWhitespace(p, pos &+ 1, end)
                    if inObject {
                        pos = try key(p, pos, end, &out, first: false)
                        context = .afterColon
                    } else {
                        context = .afterComma
                    }
                    continue printing
                }
                if c == (inObject ? 0x7D : 0x5D) {
                    depth &-= 1
                    out.newline(depth)
                    out.writer.write(c)
                    pos &+= 1
                    continue
                }
                let expected = inObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                throw JSONLexer.error(p, pos, end, "expected \(expected), found \(JSONLexer.describeFound(p, pos, end))")
            }
        }
    }

    /// Prints an object key and its colon; returns the offset where the member's value starts.
    @inline(__always)
    private static func key(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ out: inout JSONPrettyOutput, first: Bool
    ) throws(JSONSyntaxError) -> Int {
        guard start < end, p[start] == 0x22 else {
            let expected = first ? "a string key or '}'" : "a string key after ','"
            throw JSONLexer.error(p, start, end, "expected \(expected), found \(JSONLexer.describeFound(p, start, end))")
        }
        let string = try JSONLexer.scanString(p, start, end)
        out.token(p + start, string.close &+ 1 &- start, .key)
        let colon = JSONLexer.skipWhitespace(p, string.close &+ 1, end)
        guard colon < end, p[colon] == 0x3A else {
            throw JSONLexer.error(p, colon, end, "expected ':' after an object key, found \(JSONLexer.describeFound(p, colon, end))")
        }
        out.writer.write(0x3A)
        if out.pretty { out.writer.write(0x20) }
        return JSONLexer.skipWhitespace(p, colon &+ 1, end)
    }

    @inline(never)
    private static func missingValue(_ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, _ context: JSONValueContext) -> JSONSyntaxError {
        JSONLexer.error(p, pos, end, context.message(found: JSONLexer.describeFound(p, pos, end)))
    }
}
