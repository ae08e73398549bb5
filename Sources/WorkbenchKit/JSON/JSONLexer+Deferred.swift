/// How Foundation's JSONDecoder finds where a string or a number ends before it decodes anything
/// (`JSONParsingOptions.deferredValueChecks`): the text itself is checked only when it is read.
extension JSONLexer {
    /// The closing quote of the string whose opening quote is at `start`. A backslash skips the byte
    /// after it unchecked, except that `\u` needs four more bytes, none of them a quote.
    static func skipStringUnchecked(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(JSONSyntaxError) -> Int {
        var i = start &+ 1
        while i < end {
            switch p[i] {
            case 0x22:
                return i
            case 0x5C:
                guard i &+ 1 < end else { throw unterminatedString(p, start, end) }
                guard p[i &+ 1] == 0x75 else {
                    i &+= 2
                    continue
                }
                guard i &+ 6 <= end else { throw unterminatedString(p, start, end) }
                for digit in (i &+ 2)..<(i &+ 6) where p[digit] == 0x22 {
                    throw error(p, digit, end, "expected four hex digits after '\\u', found '\"'")
                }
                i &+= 6
            default:
                i &+= 1
            }
        }
        throw unterminatedString(p, start, end)
    }

    /// The end of the number starting at `start` (a digit or `-`): every following digit, `.`, `+`,
    /// `-`, `e` and `E`, valid or not.
    static func skipNumberUnchecked(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start &+ 1
        while i < end, isNumberByte(p[i]) { i &+= 1 }
        return i
    }

    /// A byte JSONDecoder's scanner takes as part of a number.
    @inline(__always)
    static func isNumberByte(_ c: UInt8) -> Bool {
        isDigit(c) || c == 0x2E || c == 0x2B || c == 0x2D || c | 0x20 == 0x65
    }
}
