import Foundation

/// The JSON of the kernel's messages, written directly as bytes: a message's header and content
/// are small dictionaries of strings, numbers and lists, and `JSONSerialization` was half of the
/// time each message took (a cell sends four or more).
enum KernelJSON {
    /// JSON bytes written as they are (a response body already checked to be JSON).
    struct Raw {
        let bytes: Data
    }

    /// `value` (a dictionary, array, string, integer, double or boolean; anything else is `null`)
    /// as JSON, object keys sorted.
    static func data(_ value: Any) -> Data {
        var bytes: [UInt8] = []
        write(value, to: &bytes)
        return Data(bytes)
    }

    private static func write(_ value: Any, to bytes: inout [UInt8]) {
        switch value {
        case let text as String: writeString(text, to: &bytes)
        case let raw as Raw: bytes.append(contentsOf: raw.bytes)
        // Swift's own values by their exact types first: an NSNumber (what JSONSerialization reads)
        // would be `as? Bool` for 0 and 1 on Linux.
        case let flag as Bool where type(of: value) == Bool.self: bytes.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case let number as Int where type(of: value) == Int.self: bytes.append(contentsOf: Array(String(number).utf8))
        case let number as Int64 where type(of: value) == Int64.self: bytes.append(contentsOf: Array(String(number).utf8))
        case let number as Double where type(of: value) == Double.self && number.isFinite: bytes.append(contentsOf: Array("\(number)".utf8))
        case let number as NSNumber:
            // A boolean NSNumber's type is a char ("c"); a non-finite double is not JSON.
            let kind = String(cString: number.objCType)
            if kind == "c" {
                bytes.append(contentsOf: Array((number.boolValue ? "true" : "false").utf8))
            } else if kind == "d" || kind == "f" {
                bytes.append(contentsOf: Array((number.doubleValue.isFinite ? "\(number.doubleValue)" : "null").utf8))
            } else {
                bytes.append(contentsOf: Array(number.stringValue.utf8))
            }
        case let text as Substring: writeString(String(text), to: &bytes)
        case let object as [String: Any]:
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(object[key]!, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case let array as [Any]:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        default: bytes.append(contentsOf: Array("null".utf8))
        }
    }

    /// A JSON string: `"`, `\` and control characters escaped, runs of other bytes (UTF-8 as it
    /// is) copied whole.
    private static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[runStart..<index])
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
                runStart = index + 1
            }
            bytes.append(contentsOf: utf8[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
