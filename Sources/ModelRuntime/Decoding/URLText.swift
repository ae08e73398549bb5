/// Recognises URL text that `URL(string:)` accepts and describes unchanged, so decoding can skip
/// building a `URL` (the most expensive step of decoding a typical API response).
enum URLText {
    /// True for `scheme://host[:port]` followed only by ASCII characters allowed unescaped in a URL, `%XX`
    /// escapes and at most one `#`; anything else goes through `URL(string:)`.
    static func keepsItsText(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        guard let first = utf8.next(), isLetter(first) else { return false }
        // Scheme, then "://".
        var byte = utf8.next()
        while let current = byte, isLetter(current) || isDigit(current) || current == 0x2B || current == 0x2D || current == 0x2E {
            byte = utf8.next()
        }
        guard byte == 0x3A, utf8.next() == 0x2F, utf8.next() == 0x2F else { return false }
        // Host (letters, digits, '-', '.'), then an optional numeric port; no user info.
        var hostLength = 0
        byte = utf8.next()
        while let current = byte, isLetter(current) || isDigit(current) || current == 0x2D || current == 0x2E {
            hostLength += 1
            byte = utf8.next()
        }
        guard hostLength > 0 else { return false }
        if byte == 0x3A {
            var portLength = 0
            byte = utf8.next()
            while let current = byte, isDigit(current) {
                portLength += 1
                byte = utf8.next()
            }
            guard portLength > 0 else { return false }
        }
        guard byte == nil || byte == 0x2F || byte == 0x3F || byte == 0x23 else { return false }
        var fragments = byte == 0x23 ? 1 : 0
        var pendingHex = 0
        while let current = utf8.next() {
            if pendingHex > 0 {
                guard isHex(current) else { return false }
                pendingHex -= 1
                continue
            }
            switch current {
            case 0x25: pendingHex = 2  // %
            case 0x23:  // #
                fragments += 1
                if fragments > 1 { return false }
            default:
                guard allowed(current) else { return false }
            }
        }
        return pendingHex == 0
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66) }

    /// RFC 3986 unreserved and reserved characters, without `[`, `]` (IPv6 hosts take the slow path).
    private static func allowed(_ byte: UInt8) -> Bool {
        if isLetter(byte) || isDigit(byte) { return true }
        switch byte {
        case 0x2D, 0x2E, 0x5F, 0x7E,  // - . _ ~
             0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D,  // ! $ & ' ( ) * + , ; =
             0x3A, 0x40, 0x2F, 0x3F:  // : @ / ?
            return true
        default:
            return false
        }
    }
}
