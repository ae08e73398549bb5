/// Text written into an XML 1.0 document (`JUnitReport`) so that a parser reads it back as it was.
///
/// Markup characters become entities. XML 1.0 has no way at all to hold the other C0 control
/// characters (not even as `&#1;`), nor U+FFFE and U+FFFF: they are written as Swift writes them,
/// `\u{1B}`, so a message with a terminal's escape sequence still reads as text.
public enum XMLText {
    /// For an attribute value in double quotes. Tab, line feed and carriage return are character
    /// references, since a parser turns them into spaces in an attribute.
    public static func attribute(_ text: String) -> String {
        escaped(text) { scalar in
            switch scalar {
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\t": "&#9;"
            case "\n": "&#10;"
            case "\r": "&#13;"
            default: nil
            }
        }
    }

    /// For element content. A carriage return is a character reference, since a parser turns a
    /// line ending into a line feed.
    public static func content(_ text: String) -> String {
        escaped(text) { $0 == "\r" ? "&#13;" : nil }
    }

    private static func escaped(_ text: String, special: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = special(scalar) {
                result += replacement
                continue
            }
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"  // also keeps `]]>` out of content
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
