import Foundation
import Testing
@testable import TerminalImages

/// The fixtures beside this file (Fixtures/make_png_gif_fixtures.py writes them).
func pngGIFFixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return [UInt8](try Data(contentsOf: url))
}

/// A zlib stream of stored (uncompressed) blocks, one per chunk, with the right Adler-32.
func storedZlib(_ chunks: [[UInt8]]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]
    for (i, chunk) in chunks.enumerated() {
        let length = chunk.count
        stream += [i == chunks.count - 1 ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
                   UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)] + chunk
    }
    let adler = Array(chunks.joined()).withUnsafeBufferPointer { Inflate.adler32($0) }
    return stream + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
}

/// Bits for hand-made DEFLATE streams: values low bit first, Huffman codes high bit first.
struct BitWriter {
    var bytes: [UInt8] = []
    var count = 0

    mutating func bits(_ value: Int, _ width: Int) {
        for i in 0..<width {
            if count % 8 == 0 { bytes.append(0) }
            if value >> i & 1 == 1 { bytes[bytes.count - 1] |= 1 << UInt8(count % 8) }
            count += 1
        }
    }

    mutating func code(_ value: Int, _ width: Int) {
        for i in (0..<width).reversed() { bits(value >> i & 1, 1) }
    }

    /// The fixed Huffman code (RFC 1951, 3.2.6) for a literal/length symbol.
    mutating func fixedSymbol(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, 8)
        case 144..<256: code(0x190 + symbol - 144, 9)
        case 256..<280: code(symbol - 256, 7)
        default: code(0xC0 + symbol - 280, 8)
        }
    }

    /// Header, one fixed-code block, and the Adler-32 of `expected` (what it should decode to).
    static func zlibFixed(expected: [UInt8], _ body: (inout BitWriter) -> Void) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(1, 1)
        writer.bits(1, 2)
        body(&writer)
        writer.fixedSymbol(256)
        let adler = expected.withUnsafeBufferPointer { Inflate.adler32($0) }
        return [0x78, 0x01] + writer.bytes + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }
}

@Suite("Inflate")
struct InflateTests {
    @Test("Data compressed by Python's zlib at levels 0, 1 and 9 inflates to the original bytes",
          arguments: ["inflate-0.zz", "inflate-1.zz", "inflate-9.zz"])
    func levels(name: String) throws {
        let original = try pngGIFFixture("inflate.bin")
        let output = try Inflate.zlib(try pngGIFFixture(name), limit: 1 << 20)
        #expect(output.count == original.count)
        #expect(output == original)
    }

    @Test("A block with the fixed Huffman code inflates to the original text")
    func fixedBlock() throws {
        let output = try Inflate.zlib(try pngGIFFixture("inflate-fixed.zz"), limit: 1000)
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: try pngGIFFixture("inflate-fixed.bin"), as: UTF8.self))
    }

    @Test("Stored blocks, an empty one and one of the largest size among them, are copied as they are")
    func storedBlocks() throws {
        let chunks: [[UInt8]] = [Array(0..<200), [], Array(repeating: 7, count: 65_535), [1, 2, 3]]
        let output = try Inflate.zlib(storedZlib(chunks), limit: 100_000)
        #expect(output == Array(chunks.joined()))
    }

    @Test("An overlapping match repeats the bytes it has just written")
    func overlappingMatch() throws {
        // "ab", then length 10 at distance 2 (length symbol 264, distance code 1), then "c".
        let expected = Array("ababababababc".utf8)
        let stream = BitWriter.zlibFixed(expected: expected) { writer in
            writer.fixedSymbol(97)
            writer.fixedSymbol(98)
            writer.fixedSymbol(264)
            writer.code(1, 5)
            writer.fixedSymbol(99)
        }
        #expect(try Inflate.zlib(stream, limit: 100) == expected)
    }

    @Test("Output reaching exactly the limit is allowed; one byte over throws")
    func limit() throws {
        let data = try pngGIFFixture("inflate-9.zz"), size = try pngGIFFixture("inflate.bin").count
        #expect(try Inflate.zlib(data, limit: size).count == size)
        #expect(throws: ImageDecodingError("decompressed data is too large")) { try Inflate.zlib(data, limit: size - 1) }
    }

    @Test("A tiny stream that would inflate to megabytes stops at the limit")
    func bomb() throws {
        // One literal, then 4,000 matches of 258 bytes at distance 1: a megabyte from 6.5 kB.
        let stream = BitWriter.zlibFixed(expected: []) { writer in
            writer.fixedSymbol(0)
            for _ in 0..<4000 {
                writer.fixedSymbol(285)
                writer.code(0, 5)
            }
        }
        #expect(stream.count < 7000)
        #expect(throws: ImageDecodingError("decompressed data is too large")) { try Inflate.zlib(stream, limit: 65_536) }
    }

    @Test("A wrong Adler-32 throws")
    func badAdler() throws {
        var data = try pngGIFFixture("inflate-1.zz")
        data[data.count - 1] ^= 0x01
        #expect(throws: ImageDecodingError("bad zlib checksum")) { try Inflate.zlib(data, limit: 1 << 20) }
    }

    @Test("Bad headers throw: not DEFLATE, a failed check, a preset dictionary")
    func badHeaders() {
        #expect(throws: ImageDecodingError("zlib data is not DEFLATE")) { try Inflate.zlib([0x79, 0x9C, 0, 0, 0, 0], limit: 10) }
        #expect(throws: ImageDecodingError("bad zlib header")) { try Inflate.zlib([0x78, 0x9D, 0, 0, 0, 0], limit: 10) }
        #expect(throws: ImageDecodingError("zlib preset dictionary is not supported")) {
            try Inflate.zlib([0x78, 0xBB, 0, 0, 0, 0, 0, 0, 0], limit: 10)
        }
    }

    @Test("Reserved block type, bad stored length, distance before the start and codes 286 and 30 throw")
    func corruptBlocks() {
        #expect(throws: ImageDecodingError("bad DEFLATE block type")) { try Inflate.zlib([0x78, 0x01, 0x07, 0, 0, 0, 0], limit: 10) }
        #expect(throws: ImageDecodingError("bad DEFLATE stored block length")) {
            try Inflate.zlib([0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xF0, 1, 2, 3, 4, 5, 0, 0, 0, 0], limit: 10)
        }
        let tooFar = BitWriter.zlibFixed(expected: []) { writer in
            writer.fixedSymbol(97)
            writer.fixedSymbol(257)
            writer.code(1, 5)  // distance 2, with one byte written
        }
        #expect(throws: ImageDecodingError("bad DEFLATE distance")) { try Inflate.zlib(tooFar, limit: 100) }
        let badLength = BitWriter.zlibFixed(expected: []) { $0.fixedSymbol(286) }
        #expect(throws: ImageDecodingError("bad DEFLATE length code")) { try Inflate.zlib(badLength, limit: 100) }
        let badDistance = BitWriter.zlibFixed(expected: []) { writer in
            writer.fixedSymbol(97)
            writer.fixedSymbol(257)
            writer.code(30, 5)
        }
        #expect(throws: ImageDecodingError("bad DEFLATE distance code")) { try Inflate.zlib(badDistance, limit: 100) }
    }

    @Test("Every prefix of a compressed stream throws instead of returning short data")
    func prefixes() throws {
        for name in ["inflate-fixed.zz", "inflate-9.zz", "inflate-0.zz"] {
            let data = try pngGIFFixture(name)
            // Every prefix of the small stream; every 13th of the larger ones, and the last 40.
            for length in 0..<data.count where data.count < 100 || length % 13 == 0 || length > data.count - 40 {
                #expect(throws: ImageDecodingError.self) { try Inflate.zlib(Array(data[0..<length]), limit: 1 << 20) }
            }
        }
    }

    @Test("Flipping any byte of a compressed stream throws (the checksum or the structure catches it)")
    func flippedBytes() throws {
        let data = try pngGIFFixture("inflate-fixed.zz")
        for index in data.indices {
            var damaged = data
            damaged[index] ^= 0xFF
            #expect(throws: ImageDecodingError.self) { try Inflate.zlib(damaged, limit: 1 << 20) }
        }
    }

    @Test("Adler-32 of a known string")
    func adler() {
        let value = Array("Wikipedia".utf8).withUnsafeBufferPointer { Inflate.adler32($0) }
        #expect(value == 0x11E6_0398)
    }
}
