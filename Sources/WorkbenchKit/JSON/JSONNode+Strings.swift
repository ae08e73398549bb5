import Foundation

extension JSONNode {
    /// The decoded text of a string value (escapes resolved); nil for any other value and a malformed string.
    public var string: String? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.string, !entry.isMalformed else { return nil }
        let text = tape.text(entry)
        if !entry.hasFlag {
            // Validated while parsing: without escapes the bytes are the string.
            return String(decoding: text, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: text.count) { buffer in
            JSONNode.unescape(text.baseAddress!, text.count, into: buffer.baseAddress!)
        }
    }

    /// Whether this is a string value whose decoded text is `text`.
    public func stringEquals(_ text: String) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ stringEquals(utf8: $0) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { stringEquals(utf8: $0) }
    }

    /// Whether this is a string value whose decoded UTF-8 bytes are `utf8` (raw comparison when unescaped).
    @inline(__always)
    public func stringEquals(utf8 wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.string, !entry.isMalformed else { return false }
        if !entry.hasFlag {
            let length = Int(entry.end &- entry.start)
            guard length == wanted.count else { return false }
            return length == 0 || memcmp(tape.base + Int(entry.start), wanted.baseAddress!, length) == 0
        }
        guard var decoded = string else { return false }
        return decoded.withUTF8 { $0.elementsEqual(wanted) }
    }

    /// Calls `body` with the raw bytes of a string value as written between its quotes (escapes not
    /// resolved) and whether it holds escapes; nil for any other value. The bytes live as long as the document.
    public func withRawStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>, _ hasEscapes: Bool) throws -> R) rethrows -> R? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.string else { return nil }
        return try body(tape.text(entry), entry.hasFlag)
    }

    /// Writes the unescaped form of `length` validated string bytes at `p`; returns the bytes written.
    static func unescape(_ p: UnsafePointer<UInt8>, _ length: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        while i < length {
            let c = p[i]
            guard c == 0x5C else {
                out[o] = c
                o &+= 1
                i &+= 1
                continue
            }
            let e = p[i + 1]
            i &+= 2
            switch e {
            case 0x62: out[o] = 0x08
            case 0x66: out[o] = 0x0C
            case 0x6E: out[o] = 0x0A
            case 0x72: out[o] = 0x0D
            case 0x74: out[o] = 0x09
            case 0x75:
                var scalar = UInt32(hexUnit(p + i))
                i &+= 4
                if scalar & 0xFC00 == 0xD800 {
                    // The parser guaranteed a low surrogate escape follows.
                    let low = UInt32(hexUnit(p + i + 2))
                    i &+= 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                o &+= writeUTF8(scalar, out + o)
                continue
            default: out[o] = e  // " \ /
            }
            o &+= 1
        }
        return o
    }

    private static func hexUnit(_ p: UnsafePointer<UInt8>) -> UInt16 {
        var value: UInt16 = 0
        for k in 0..<4 { value = value << 4 | UInt16(JSONLexer.hexValue(p[k]) ?? 0) }
        return value
    }

    private static func writeUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
