import Foundation
import Testing
@testable import TerminalImages

/// A PNG put together here: its chunks with their CRCs, the image data as stored zlib blocks.
/// Each row gets filter type `filter`; `imageData` replaces the zlib stream when given.
func pngFile(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]],
             extra: [(String, [UInt8])] = [], filter: UInt8 = 0, imageData: [UInt8]? = nil) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = CRC32.checksum(body, from: 0, to: body.count)
        return be32(data.count) + body + be32(crc)
    }
    func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
    let header = be32(width) + be32(height) + [bitDepth, colourType, 0, 0, 0]
    let imageData = imageData ?? storedZlib([rows.flatMap { [filter] + $0 }])
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + extra.flatMap { chunk($0.0, $0.1) } + chunk("IDAT", imageData) + chunk("IEND", [])
}

@Suite("PNG decoding")
struct PNGDecoderTests {
    static let fixtures = [
        "rgb8", "rgba8", "grey1", "grey2", "grey4", "grey8", "grey16", "greyalpha8", "greyalpha16",
        "grey8-trns", "rgb8-trns", "palette8-trns", "palette4-trns", "rgb16", "rgba16",
        "odd-13x7-filters", "adam7-rgba", "adam7-grey2", "adam7-palette1", "split-idat",
    ]

    @Test("Each PNG fixture decodes to the pixels Pillow decodes for it (grey16: their high bytes)", arguments: fixtures)
    func matchesPillow(name: String) throws {
        let image = try PNGDecoder.decode(try pngGIFFixture("\(name).png"))
        let expected = try pngGIFFixture("\(name).rgba")
        #expect(image.width * image.height * 4 == expected.count)
        #expect(image.rgba == expected)
    }

    @Test("Sizes come from IHDR, and the odd-sized, interlaced fixture keeps them")
    func sizes() throws {
        let image = try PNGDecoder.decode(try pngGIFFixture("adam7-rgba.png"))
        #expect((image.width, image.height) == (13, 7))
        let grey = try PNGDecoder.decode(try pngGIFFixture("grey2.png"))
        #expect((grey.width, grey.height) == (11, 9))
    }

    @Test("tRNS names a 2-bit grey sample as stored (sample 2 is transparent), as the specification says")
    func lowDepthGreyTransparency() throws {
        // Samples 0, 1, 2, 3 packed in one byte; tRNS says 2.
        let file = pngFile(width: 4, height: 1, bitDepth: 2, colourType: 0, rows: [[0b00_01_10_11]],
                           extra: [("tRNS", [0, 2])])
        let image = try PNGDecoder.decode(file)
        #expect(image.rgba == [0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 0, 255, 255, 255, 255])
    }

    @Test("tRNS on 16-bit colour compares all 16 bits of each sample")
    func sixteenBitTransparency() throws {
        let row: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBD]
        let file = pngFile(width: 2, height: 1, bitDepth: 16, colourType: 2, rows: [row],
                           extra: [("tRNS", [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC])])
        #expect(try PNGDecoder.decode(file).rgba == [0x12, 0x56, 0x9A, 0, 0x12, 0x56, 0x9A, 255])
    }

    @Test("A palette index past the palette's end is opaque black, as in Pillow")
    func indexPastPalette() throws {
        let file = pngFile(width: 3, height: 1, bitDepth: 8, colourType: 3, rows: [[0, 1, 2]],
                           extra: [("PLTE", [10, 20, 30, 40, 50, 60]), ("tRNS", [7])])
        #expect(try PNGDecoder.decode(file).rgba == [10, 20, 30, 7, 40, 50, 60, 255, 0, 0, 0, 255])
    }

    @Test("A palette image without PLTE throws")
    func missingPalette() {
        let file = pngFile(width: 1, height: 1, bitDepth: 8, colourType: 3, rows: [[0]])
        #expect(throws: ImageDecodingError("PNG palette is missing")) { try PNGDecoder.decode(file) }
    }

    @Test("An image over 50 million pixels throws before its data is read")
    func tooLarge() {
        let file = pngFile(width: 10_000, height: 5_001, bitDepth: 8, colourType: 0, rows: [])
        #expect(throws: ImageDecodingError("PNG image is too large")) { try PNGDecoder.decode(file) }
    }

    @Test("Bit depths a colour type does not allow, and unknown filter types, throw")
    func badHeaderValues() throws {
        let rgb4 = pngFile(width: 1, height: 1, bitDepth: 4, colourType: 2, rows: [[0, 0]])
        #expect(throws: ImageDecodingError("bad PNG bit depth")) { try PNGDecoder.decode(rgb4) }
        let filter4 = pngFile(width: 2, height: 1, bitDepth: 8, colourType: 0, rows: [[9, 1]], filter: 4)
        #expect(try PNGDecoder.decode(filter4).rgba == [9, 9, 9, 255, 10, 10, 10, 255])
        let filter5 = pngFile(width: 2, height: 1, bitDepth: 8, colourType: 0, rows: [[9, 1]], filter: 5)
        #expect(throws: ImageDecodingError("bad PNG filter type")) { try PNGDecoder.decode(filter5) }
    }

    @Test("A wrong CRC in a critical chunk throws and names the chunk")
    func badCRC() throws {
        var data = try pngGIFFixture("odd-13x7-filters.png")
        data[20] ^= 0x01  // inside IHDR's data
        #expect(throws: ImageDecodingError("bad CRC in IHDR")) { try PNGDecoder.decode(data) }
        data = try pngGIFFixture("odd-13x7-filters.png")
        data[data.count - 20] ^= 0x01  // inside IDAT's data
        #expect(throws: ImageDecodingError("bad CRC in IDAT")) { try PNGDecoder.decode(data) }
    }

    @Test("Damaged image data with correct CRCs throws: a bad checksum, a bad block, too little, too much")
    func damagedImageData() throws {
        func file(_ imageData: [UInt8]) -> [UInt8] {
            pngFile(width: 2, height: 2, bitDepth: 8, colourType: 0, rows: [], imageData: imageData)
        }
        var checksum = storedZlib([[0, 1, 2, 0, 3, 4]])
        checksum[checksum.count - 1] ^= 1
        #expect(throws: ImageDecodingError("bad zlib checksum")) { try PNGDecoder.decode(file(checksum)) }
        #expect(throws: ImageDecodingError("bad DEFLATE block type")) { try PNGDecoder.decode(file([0x78, 0x01, 0x07])) }
        #expect(throws: ImageDecodingError("PNG image data ends early")) { try PNGDecoder.decode(file(storedZlib([[0, 1, 2]]))) }
        #expect(throws: ImageDecodingError("PNG has too much image data")) {
            try PNGDecoder.decode(file(storedZlib([[0, 1, 2, 0, 3, 4, 0]])))
        }
        #expect(try PNGDecoder.decode(file(storedZlib([[0, 1, 2, 0, 3, 4]]))).rgba == [1, 1, 1, 255, 2, 2, 2, 255, 3, 3, 3, 255, 4, 4, 4, 255])
    }

    @Test("Every prefix of a PNG throws; the whole file decodes")
    func prefixes() throws {
        let data = try pngGIFFixture("adam7-palette1.png")
        for length in 0..<data.count {
            #expect(throws: ImageDecodingError.self) { try PNGDecoder.decode(Array(data[0..<length])) }
        }
        #expect(try PNGDecoder.decode(data).rgba == (try pngGIFFixture("adam7-palette1.rgba")))
        #expect(throws: ImageDecodingError("PNG data ends early")) { try PNGDecoder.decode(Array(data.dropLast(5))) }
    }

    @Test("Flipping any byte of a PNG with only critical chunks throws")
    func flippedBytes() throws {
        let data = try pngGIFFixture("odd-13x7-filters.png")
        for index in data.indices {
            var damaged = data
            damaged[index] ^= 0xFF
            #expect(throws: ImageDecodingError.self, "byte \(index)") { try PNGDecoder.decode(damaged) }
        }
    }

    @Test("Other formats are refused as not PNG")
    func notPNG() throws {
        #expect(throws: ImageDecodingError("not a PNG image")) { try PNGDecoder.decode(try pngGIFFixture("global.gif")) }
    }
}
