import CZlib
import Foundation
import Testing
import SandboxTestSupport
import TerminalImages
@testable import Sandbox

/// httpbin's images: `/image/png` a PNG any decoder reads (its chunks' CRCs, its header, its
/// pixels inflated and compared with the picture the sandbox draws), `/image/svg` XML, `/image`
/// choosing by `Accept` as httpbin does.
@Suite struct HTTPBinImageTests {
    @Test func thePNGIsWellFormedAndHoldsThePicture() async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at("/httpbin/image/png"))
            #expect(response.status == 200 && response.header("Content-Type") == "image/png")
            let bytes = [UInt8](response.body)
            #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            var chunks: [(type: String, data: [UInt8])] = []
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = Int(Self.bigEndian(bytes[offset..<(offset + 4)]))
                let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
                #expect(Self.bigEndian(bytes[(offset + 8 + length)..<(offset + 12 + length)]) == Self.crc32(typed))
                chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
                offset += 12 + length
            }
            #expect(offset == bytes.count)
            #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
            let header = try #require(chunks.first?.data)
            #expect(Self.bigEndian(header[0..<4]) == 128 && Self.bigEndian(header[4..<8]) == 96 && Array(header[8...]) == [8, 2, 0, 0, 0])
            // Inflated: 96 scanlines of a filter byte (none) and 128 RGB pixels.
            let compressed = chunks[1].data
            var inflated = [UInt8](repeating: 0, count: 96 * (1 + 128 * 3))
            var size = UInt(inflated.count)
            #expect(uncompress(&inflated, &size, compressed, UInt(compressed.count)) == Z_OK && size == UInt(inflated.count))
            for y in stride(from: 0, to: 96, by: 7) {
                let row = y * (1 + 128 * 3)
                #expect(inflated[row] == 0)
                for x in stride(from: 0, to: 128, by: 5) {
                    let pixel = inflated[(row + 1 + x * 3)..<(row + 4 + x * 3)]
                    let (red, green, blue) = HTTPBinImages.colour(x: x, y: y)
                    #expect(Array(pixel) == [red, green, blue], "(\(x), \(y))")
                }
            }
        }
    }

    @Test func theSVGIsXMLAndImageChoosesByAccept() async throws {
        try await LiveSandbox.with { base in
            let svg = try await HTTPClient.shared.fetch(base.at("/httpbin/image/svg"))
            #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml")
            let text = String(decoding: svg.body, as: UTF8.self)
            #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"96\""))
            #expect(text.hasSuffix("</svg>\n"))
            let answers = [("image/svg+xml", 200, "image/svg+xml"), ("image/*", 200, "image/png"), ("image/png", 200, "image/png"),
                           ("image/jpeg", 200, "image/jpeg"), ("image/webp,image/png", 200, "image/webp"),
                           ("image/png, image/svg+xml", 200, "image/svg+xml"), ("text/html", 406, "application/json"),
                           ("*/*", 406, "application/json")]
            for (accept, status, type) in answers {
                let response = try await HTTPClient.shared.fetch(base.at("/httpbin/image"), headers: ["Accept": accept])
                #expect(response.status == status && response.header("Content-Type") == type, "Accept: \(accept)")
            }
            let refused = try await HTTPClient.shared.fetch(base.at("/httpbin/image"), headers: ["Accept": "text/html"])
            #expect(try refused.json() as? NSDictionary == ["message": "Client did not request a supported media type.",
                                                            "accept": ["image/webp", "image/svg+xml", "image/jpeg", "image/png", "image/*"]])
            #expect(try await HTTPClient.shared.fetch(base.at("/httpbin/image/gif")).status == 404)
            #expect(try await HTTPClient.shared.fetch(base.at("/httpbin/image/png"), method: "POST").status == 405)
        }
    }

    @Test("/image/jpeg is a baseline JPEG of the same picture (decoded, each pixel near the one drawn) and /image/webp a WebP of its size")
    func theJPEGAndWebPHoldThePicture() async throws {
        try await LiveSandbox.with { base in
            let jpeg = try await HTTPClient.shared.fetch(base.at("/httpbin/image/jpeg"))
            #expect(jpeg.status == 200 && jpeg.header("Content-Type") == "image/jpeg")
            let pixels = try JPEGDecoder.decode(Array(jpeg.body))
            #expect(pixels.width == 128 && pixels.height == 96)
            // JPEG is lossy: the mean difference stays small, though edges (the sun's rim) differ more.
            var difference = 0
            for y in 0..<96 {
                for x in 0..<128 {
                    let (red, green, blue, _) = pixels.pixel(x: x, y: y)
                    let drawn = HTTPBinImages.colour(x: x, y: y)
                    difference += abs(Int(red) - Int(drawn.0)) + abs(Int(green) - Int(drawn.1)) + abs(Int(blue) - Int(drawn.2))
                }
            }
            #expect(Double(difference) / Double(128 * 96 * 3) < 4)
            let webp = try await HTTPClient.shared.fetch(base.at("/httpbin/image/webp"))
            #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
            let bytes = [UInt8](webp.body)
            #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" && String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP")
            // A lossy WebP's VP8 frame header: the start code, then 14-bit width and height (RFC 6386, 9.1).
            #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "VP8 " && Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A])
            #expect(Int(bytes[26]) | Int(bytes[27] & 0x3F) << 8 == 128 && Int(bytes[28]) | Int(bytes[29] & 0x3F) << 8 == 96)
        }
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 as PNG defines it (ISO 3309), written out rather than zlib's, which made the file.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
