/// Builds a document's tape in one pass over its bytes (RFC 8259, strict).
enum JSONParser {
    private static let quote: UInt8 = 0x22

    /// `releasingPagesBehind`: `raw` is a file mapping (`DocumentCopy.map`), whose pages the parse
    /// lets go of as it goes (`JSONPagesBehind`).
    static func parse(
        _ raw: UnsafeRawBufferPointer, options: JSONParsingOptions, releasingPagesBehind: Bool = false
    ) throws(JSONSyntaxError) -> (UnsafeMutablePointer<JSONTapeEntry>, Int) {
        guard raw.count < Int(UInt32.max) else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: "expected a document under 4 GiB, found \(raw.count) bytes")
        }
        guard let base = raw.baseAddress, raw.count > 0 else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1, message: JSONValueContext.topLevel.message(found: "the end of the input"))
        }
        let p = base.assumingMemoryBound(to: UInt8.self)
        // Untouched reserved pages cost no memory; the typical document needs about one entry per 15 bytes.
        var tape = JSONTapeBuffer(capacity: raw.count / 4 + 16)
        let containers = UnsafeMutablePointer<Int>.allocate(capacity: JSONLexer.maxDepth + 1)
        let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: JSONLexer.maxDepth + 1)
        defer {
            containers.deallocate()
            counts.deallocate()
        }
        do {
            try run(p, raw.count, &tape, containers, counts, trailingCommas: options.contains(.trailingCommas),
                    deferValues: options.contains(.deferredValueChecks), releasingPagesBehind: releasingPagesBehind)
        } catch {
            tape.discard()
            throw error
        }
        let count = tape.count
        return (tape.finish(), count)
    }

    // One loop with an explicit stack: nesting never recurses, and every state is a few compares.
    @inline(__always)
    private static func run(
        _ p: UnsafePointer<UInt8>, _ end: Int, _ tape: inout JSONTapeBuffer,
        _ containers: UnsafeMutablePointer<Int>, _ counts: UnsafeMutablePointer<UInt32>, trailingCommas: Bool,
        deferValues: Bool, releasingPagesBehind: Bool
    ) throws(JSONSyntaxError) {
        var depth = 0
        // Checked where a container closes, so the loop's cost is one compare per container.
        var releaseAt = releasingPagesBehind ? JSONPagesBehind.stride : Int.max
        var context = JSONValueContext.topLevel
        var pos = JSONLexer.skipWhitespace(p, JSONLexer.skipByteOrderMark(p, end), end)
        parsing: while true {
            // A value starts at `pos`.
            guard pos < end else { throw missingValue(p, pos, end, context) }
            let c = p[pos]
            switch c {
            case quote:
                pos = try string(p, pos, end, &tape, deferValues: deferValues) &+ 1
            case 0x30...0x39, 0x2D:
                if deferValues {
                    pos = deferredNumber(p, pos, end, &tape)
                } else {
                    let number = try JSONLexer.scanNumber(p, pos, end)
                    tape.append(JSONTapeKind.number | (number.isInteger ? 0 : JSONTapeEntry.flag), pos, number.end)
                    pos = number.end
                }
            case 0x7B, 0x5B:
                guard depth < JSONLexer.maxDepth else {
                    throw JSONLexer.error(p, pos, end, "expected at most \(JSONLexer.maxDepth) nested arrays and objects, found more")
                }
                depth &+= 1
                containers[depth] = tape.count
                let isObject = c == 0x7B
                tape.append(isObject ? JSONTapeKind.object : JSONTapeKind.array, 0, 0)
                pos = JSONLexer.skipWhitespace(p, pos &+ 1, end)
                if pos < end, p[pos] == c &+ 2 {  // '}' and ']' are two past '{' and '['
                    tape.close(containers[depth], count: 0)
                    depth &-= 1
                    pos &+= 1
                } else {
                    counts[depth] = 1
                    if isObject {
                        pos = try key(p, pos, end, &tape, first: true, deferValues: deferValues)
                        context = .afterColon
                    } else {
                        context = .firstElement
                    }
                    continue parsing
                }
            case 0x74, 0x66, 0x6E:
                let length = JSONLexer.matchLiteral(p, pos, end)
                guard length != 0 else { throw missingValue(p, pos, end, context) }
                tape.append(c == 0x6E ? JSONTapeKind.null : c == 0x74 ? JSONTapeKind.true : JSONTapeKind.false, pos, pos &+ length)
                pos &+= length
            default:
                throw missingValue(p, pos, end, context)
            }
            // A value ended: a separator continues its container, a bracket closes it.
            while true {
                pos = JSONLexer.skipWhitespace(p, pos, end)
                if depth == 0 {
                    guard pos == end else {
                        throw JSONLexer.error(p, pos, end, "expected the end of the input after the top-level value, found \(JSONLexer.describeFound(p, pos, end))")
                    }
                    return
                }
                let isObject = tape.base[containers[depth]].kindCode == JSONTapeKind.object
                let c: UInt8 = pos < end ? p[pos] : 0
                if c == 0x2C {
                    pos = JSONLexer.skipWhitespace(p, pos &+ 1, end)
                    if trailingCommas, pos < end, p[pos] == (isObject ? 0x7D : 0x5D) {
                        tape.close(containers[depth], count: counts[depth])
                        depth &-= 1
                        pos &+= 1
                        continue
                    }
                    counts[depth] &+= 1
                    if isObject {
                        pos = try key(p, pos, end, &tape, first: false, deferValues: deferValues)
                        context = .afterColon
                    } else {
                        context = .afterComma
                    }
                    continue parsing
                }
                if c == (isObject ? 0x7D : 0x5D) {
                    tape.close(containers[depth], count: counts[depth])
                    depth &-= 1
                    pos &+= 1
                    if pos >= releaseAt {
                        JSONPagesBehind.release(p, from: releaseAt - JSONPagesBehind.stride, to: pos)
                        releaseAt = pos + JSONPagesBehind.stride
                    }
                    continue
                }
                let expected = isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                throw JSONLexer.error(p, pos, end, "expected \(expected), found \(JSONLexer.describeFound(p, pos, end))")
            }
        }
    }

    /// Scans an object key and its colon; returns the offset where the member's value starts.
    @inline(__always)
    private static func key(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ tape: inout JSONTapeBuffer, first: Bool, deferValues: Bool
    ) throws(JSONSyntaxError) -> Int {
        guard start < end, p[start] == quote else {
            let expected = first ? "a string key or '}'" : "a string key after ','"
            throw JSONLexer.error(p, start, end, "expected \(expected), found \(JSONLexer.describeFound(p, start, end))")
        }
        let close = try string(p, start, end, &tape, deferValues: deferValues)
        let colon = JSONLexer.skipWhitespace(p, close &+ 1, end)
        guard colon < end, p[colon] == 0x3A else {
            throw JSONLexer.error(p, colon, end, "expected ':' after an object key, found \(JSONLexer.describeFound(p, colon, end))")
        }
        return JSONLexer.skipWhitespace(p, colon &+ 1, end)
    }

    /// Scans the string at `start` into the tape; returns its closing quote. With `deferValues`, a string
    /// that is not valid JSON is kept, marked, when its end can still be found as JSONDecoder finds it.
    @inline(__always)
    private static func string(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ tape: inout JSONTapeBuffer, deferValues: Bool
    ) throws(JSONSyntaxError) -> Int {
        do {
            let string = try JSONLexer.scanString(p, start, end)
            tape.append(JSONTapeKind.string | (string.escaped ? JSONTapeEntry.flag : 0), start &+ 1, string.close)
            return string.close
        } catch {
            guard deferValues else { throw error }
            let close = try JSONLexer.skipStringUnchecked(p, start, end)
            tape.append(JSONTapeKind.string | JSONTapeEntry.flag | JSONTapeEntry.malformed, start &+ 1, close)
            return close
        }
    }

    /// A number as JSONDecoder scans it before decoding: the run of digits, signs, points and
    /// exponents from `start`, marked malformed unless it is exactly one valid JSON number.
    @inline(__always)
    private static func deferredNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ tape: inout JSONTapeBuffer) -> Int {
        if let number = try? JSONLexer.scanNumber(p, start, end),
           number.end == end || !JSONLexer.isNumberByte(p[number.end]) {
            tape.append(JSONTapeKind.number | (number.isInteger ? 0 : JSONTapeEntry.flag), start, number.end)
            return number.end
        }
        let stop = JSONLexer.skipNumberUnchecked(p, start, end)
        tape.append(JSONTapeKind.number | JSONTapeEntry.flag | JSONTapeEntry.malformed, start, stop)
        return stop
    }

    @inline(never)
    private static func missingValue(_ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, _ context: JSONValueContext) -> JSONSyntaxError {
        JSONLexer.error(p, pos, end, context.message(found: JSONLexer.describeFound(p, pos, end)))
    }
}
