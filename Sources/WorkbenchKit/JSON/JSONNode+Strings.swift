import Foundation

extension JSONNode {
    /// The decoded text of a string value (escapes resolved); nil for any other value.
    public var string: String? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.string else { return nil }
        let start = Int(entry.start)
        let length = Int(entry.end) - start
        return tape.bytes.withUnsafeBytes { raw -> String in
            guard let base = raw.baseAddress, length > 0 else { return "" }
            let p = base.assumingMemoryBound(to: UInt8.self) + start
            if !entry.hasFlag {
                // Validated while parsing: no escapes means the bytes are the string.
                return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
            }
            return String(unsafeUninitializedCapacity: length) { buffer in
                JSONNode.unescape(p, length, into: buffer.baseAddress!)
            }
        }
    }

    /// Whether this is a string value whose decoded text is `text`.
    public func stringEquals(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { stringEquals(utf8: $0) }
    }

    /// Whether this is a string value whose decoded UTF-8 bytes are `utf8` (raw comparison when unescaped).
    public func stringEquals(utf8 wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.string else { return false }
        let start = Int(entry.start)
        let length = Int(entry.end) - start
        if !entry.hasFlag {
            guard length == wanted.count else { return false }
            if length == 0 { return true }
            return tape.bytes.withUnsafeBytes { raw in
                memcmp(raw.baseAddress! + start, wanted.baseAddress!, length) == 0
            }
        }
        guard let decoded = string else { return false }
        var copy = decoded
        return copy.withUTF8 { $0.elementsEqual(wanted) }
    }

    /// Calls `body` with the raw bytes of a string value as written between its quotes (escapes not
    /// resolved) and whether it holds escapes; nil for any other value.
    public func withRawStringBytes<R>(_ body: (UnsafeRawBufferPointer, _ hasEscapes: Bool) throws -> R) rethrows -> R? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.string else { return nil }
        return try tape.bytes.withUnsafeBytes { raw in
            let slice = UnsafeRawBufferPointer(rebasing: raw[Int(entry.start)..<Int(entry.end)])
            return try body(slice, entry.hasFlag)
        }
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
