import Foundation
import Testing
@testable import TerminalImages

/// Whole files drawn in half blocks, against the drawing of the pixels Pillow decodes from them
/// (the fixtures' NAME.rgba): what a body of that file shows at a terminal.
@Suite struct PictureFixtureTests {
    static let canvas = TerminalCanvas(columns: 80, rows: 40)

    static func reference(_ name: String, width: Int, height: Int) throws -> Pixels {
        Pixels(width: width, height: height, rgba: try JPEGDecoderTests.bytes(name + ".rgba"))
    }

    @Test("a PNG or GIF draws exactly as Pillow's pixels of it do",
          arguments: ["rgba8.png", "palette8-trns.png", "adam7-rgba.png", "odd-13x7-filters.png", "grey1.png", "global.gif"])
    func losslessFile(name: String) throws {
        let file = try JPEGDecoderTests.bytes(name)
        let decoded = try TerminalPicture.decode(file)
        let expected = HalfBlocks.lines(try Self.reference(String(name.dropLast(4)), width: decoded.width, height: decoded.height))
        #expect(try TerminalPicture.lines(file, graphics: .blocks, canvas: Self.canvas) == expected)
        #expect(expected.count == (decoded.height + 1) / 2)
    }

    @Test("a JPEG draws as Pillow's pixels of it do, each colour within the decoders' rounding",
          arguments: ["gradient-420", "gradient-444", "odd-13x7-420", "progressive-420", "grey"])
    func jpegFile(name: String) throws {
        let file = try JPEGDecoderTests.bytes(name + ".jpg")
        let decoded = try TerminalPicture.decode(file)
        let (width, height) = (decoded.width, decoded.height)
        let drawn = HalfBlockReading.pixels(try TerminalPicture.lines(file, graphics: .blocks, canvas: Self.canvas), width: width, height: height)
        let expected = HalfBlockReading.pixels(HalfBlocks.lines(try Self.reference(name, width: width, height: height)), width: width, height: height)
        #expect(drawn.count == height && drawn.allSatisfy { $0.count == width })
        for y in 0..<height {
            for x in 0..<width {
                let (ours, theirs) = (try #require(drawn[y][x]), try #require(expected[y][x]))
                let worst = zip(ours, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= JPEGDecoderTests.tolerance, "\(name) (\(x), \(y)): \(ours) against \(theirs)")
            }
        }
    }

    @Test("WebP and other bytes are not drawn, each with its reason")
    func notDrawn() throws {
        let webp = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        #expect(throws: ImageDecodingError("WebP is not drawn")) { try TerminalPicture.decode(webp) }
        #expect(throws: ImageDecodingError("not a PNG, JPEG or GIF")) { try TerminalPicture.decode(Array("hello".utf8)) }
    }
}
