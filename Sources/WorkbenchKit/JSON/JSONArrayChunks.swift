#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A top-level JSON array cut, between elements, into runs of about `size` bytes: each run's bytes
/// between `[` and `]` form an array of the same elements, in the same order, nested as deep.
///
/// Only the array's own structure is checked here (the brackets, a comma between two elements,
/// nothing after the end); whatever decodes a run checks its elements. So every run decodes exactly
/// when the whole array would (a comma after the last element, `[1,]`, is left to the caller: nil).
struct JSONArrayChunks {
    /// The byte ranges of the runs, in order, without the commas between them.
    let runs: [Range<Int>]
    /// How many elements the array holds.
    let count: Int

    /// Nil when `bytes` is not a UTF-8 array (after whitespace; a byte order mark is left to the
    /// caller too) whose structure this can follow.
    init?(_ bytes: UnsafeRawBufferPointer, size: Int) {
        let end = bytes.count
        guard end > 0 else { return nil }
        let byte = bytes.bindMemory(to: UInt8.self)
        var index = 0
        while index < end, Self.isSpace(byte[index]) { index += 1 }
        guard index < end, byte[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var runs: [Range<Int>] = []
        var count = 0
        var runStart = index
        var depth = 0
        var inElement = false  // a byte of an element since the last comma at depth 0
        let plain = Self.isPlain
        while index < end {
            // Inside an element only its strings and brackets matter: the bytes between are skipped
            // with a table look-up each.
            if depth > 0 {
                while index < end, plain[Int(byte[index])] { index += 1 }
                guard index < end else { return nil }
            }
            let current = byte[index]
            switch current {
            case UInt8(ascii: "\""):
                inElement = true
                guard let close = Self.stringEnd(byte, after: index) else { return nil }
                index = close
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                inElement = true
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth > 0 {
                    depth -= 1
                    break
                }
                // The array's end: nothing but whitespace may follow, and no comma may precede it.
                guard current == UInt8(ascii: "]"), inElement || count == 0 else { return nil }
                if inElement {
                    count += 1
                    runs.append(runStart..<index)
                }
                index += 1
                while index < end, Self.isSpace(byte[index]) { index += 1 }
                guard index == end else { return nil }
                self.runs = runs
                self.count = count
                return
            case UInt8(ascii: ","):
                guard depth == 0 else { break }
                guard inElement else { return nil }
                count += 1
                inElement = false
                if index - runStart >= size {
                    runs.append(runStart..<index)
                    runStart = index + 1
                }
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            default:
                // A control byte outside a string is never JSON; a NUL is what UTF-16 looks like.
                guard current >= 0x20 else { return nil }
                inElement = true
            }
            index += 1
        }
        return nil
    }

    /// The bytes an element's structure passes over: neither a quote, a bracket, a brace nor a
    /// comma, nor a control byte other than whitespace (never JSON outside a string).
    private static let isPlain: [Bool] = (0...255).map { byte in
        if byte < 0x20 { return byte == 0x0A || byte == 0x0D || byte == 0x09 }
        return !"\"[]{},".utf8.contains(UInt8(byte))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The index of the quote that closes the string opened at `open`: the next quote not escaped
    /// by an odd number of backslashes; nil when the bytes end first.
    private static func stringEnd(_ byte: UnsafeBufferPointer<UInt8>, after open: Int) -> Int? {
        var from = open + 1
        while from < byte.count {
            guard let found = memchr(byte.baseAddress! + from, Int32(UInt8(ascii: "\"")), byte.count - from) else { return nil }
            let quote = byte.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 > open, byte[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return nil
    }
}
