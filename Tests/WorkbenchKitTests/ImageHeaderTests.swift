import Foundation
import Testing
@testable import WorkbenchKit

/// An image body's format and size, read from headers written here as the formats' specifications
/// lay them out (PNG, GIF89a, JFIF, WebP's three kinds); anything else is no image.
@Suite struct ImageHeaderTests {
    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, 4) + Array("IHDR".utf8)
            + bigEndian(width, 4) + bigEndian(height, 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] { [0xFF, marker] + bigEndian(payload.count + 2, 2) + payload }

    /// SOI, a JFIF APP0, a quantisation table and a Huffman table before the frame, as encoders write them.
    static func jpeg(_ width: Int, _ height: Int, frame: UInt8 = 0xC0) -> [UInt8] {
        let jfif = Array("JFIF".utf8) + [0, 1, 1, 0] + bigEndian(72, 2) + bigEndian(72, 2) + [0, 0]
        let huffman = [0x00] + Array(repeating: UInt8(0), count: 16)
        let sof = [8] + bigEndian(height, 2) + bigEndian(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + segment(0xE0, jfif) + segment(0xDB, [0] + Array(repeating: 1, count: 64))
            + segment(0xC4, huffman) + [0xFF, 0xFF] + segment(frame, sof) + segment(0xDA, [1, 1, 0, 0, 0x3F, 0])
    }

    static func webP(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + littleEndian(payload.count + 12, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + littleEndian(payload.count, 4) + payload
    }

    @Test func eachFormatsSizeIsReadFromItsHeader() {
        let cases: [([UInt8], ImageHeader)] = [
            (Self.png(300, 200), ImageHeader(format: "PNG", width: 300, height: 200)),
            (Array("GIF89a".utf8) + Self.littleEndian(640, 2) + Self.littleEndian(480, 2) + [0xF7, 0, 0], ImageHeader(format: "GIF", width: 640, height: 480)),
            (Array("GIF87a".utf8) + Self.littleEndian(1, 2) + Self.littleEndian(2, 2) + [0, 0, 0], ImageHeader(format: "GIF", width: 1, height: 2)),
            (Self.jpeg(160, 120), ImageHeader(format: "JPEG", width: 160, height: 120)),
            (Self.jpeg(4032, 3024, frame: 0xC2), ImageHeader(format: "JPEG", width: 4032, height: 3024)),
            (Self.webP("VP8X", [0x10, 0, 0, 0] + Self.littleEndian(999, 3) + Self.littleEndian(699, 3)), ImageHeader(format: "WebP", width: 1000, height: 700)),
            (Self.webP("VP8L", [0x2F] + Self.littleEndian(49 | 39 << 14, 4) + [0]), ImageHeader(format: "WebP", width: 50, height: 40)),
            (Self.webP("VP8 ", [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + Self.littleEndian(320, 2) + Self.littleEndian(240 | 1 << 14, 2)),
             ImageHeader(format: "WebP", width: 320, height: 240)),
        ]
        for (bytes, expected) in cases {
            #expect(ImageHeader(Data(bytes)) == expected, "\(expected)")
        }
    }

    @Test func aHeaderCutShortOrAnotherFormatIsNoImage() {
        #expect(ImageHeader(Data(Self.png(3, 3).prefix(20))) == nil)
        #expect(ImageHeader(Data(Self.jpeg(160, 120).prefix(40))) == nil)
        // A JPEG whose scan comes before any frame.
        #expect(ImageHeader(Data([0xFF, 0xD8] + Self.segment(0xDA, [1, 1, 0, 0, 0x3F, 0]))) == nil)
        #expect(ImageHeader(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageHeader(Data([0x00, 0x01, 0x02])) == nil)
        // A JPEG whose height its frame leaves to a later marker (0): no size to say.
        #expect(ImageHeader(Data(Self.jpeg(160, 0))) == nil)
    }

    @Test func anImageBodyIsOneLineAndOtherBinaryIsHex() {
        let image = Data(Self.png(300, 200))
        #expect(BodyRenderer.hexPreview(image, mimeType: "image/png") == ["PNG image · 300×200 px · \(ByteSize.text(image.count)) · image/png"])
        // A Data that is a slice of a larger one is read from its own start.
        let sliced = (Data([0, 0]) + image).dropFirst(2)
        #expect(ImageHeader(sliced) == ImageHeader(format: "PNG", width: 300, height: 200))
        #expect(BodyRenderer.hexPreview(Data([0xFF, 0xD8, 0x00]), mimeType: "image/jpeg").first == "binary · 3 B · image/jpeg")
    }
}
