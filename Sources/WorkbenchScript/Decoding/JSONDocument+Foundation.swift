import Foundation
import WorkbenchKit

extension JSONDocument {
    /// Parses `data` as Foundation's JSONDecoder reads it: RFC 8259 plus a trailing comma before
    /// `]` or `}` (`[1,]`), which JSONDecoder accepts. Nil when JSONDecoder would say "not valid JSON".
    static func parsingLikeFoundation(_ data: Data) -> JSONDocument? {
        if let document = try? JSONDocument(parsing: data) { return document }
        guard let repaired = withoutTrailingCommas(data) else { return nil }
        return try? JSONDocument(parsing: repaired)
    }

    /// `data` with each comma that follows a value and precedes `]` or `}` removed; nil when there is none.
    static func withoutTrailingCommas(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        var removed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                output.append(byte)
                continue
            }
            if byte == 0x22 { inString = true }
            if byte == 0x2C {
                var next = index + 1
                while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
                let previous = output.last { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
                if next < bytes.count, bytes[next] == 0x5D || bytes[next] == 0x7D,
                   let previous, ![0x5B, 0x7B, 0x2C, 0x3A].contains(previous) {
                    removed = true
                    continue
                }
            }
            output.append(byte)
        }
        return removed ? Data(output) : nil
    }
}
