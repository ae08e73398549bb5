import Foundation
import Testing
@testable import TerminalImages

/// JPEGDecoder against what Pillow (libjpeg-turbo) decodes from the same files: Fixtures/ holds
/// each NAME.jpg with Pillow's pixels as NAME.rgba, both written by Fixtures/make_jpeg_fixtures.py.
@Suite struct JPEGDecoderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(file)))
    }

    /// Each fixture, its size and what it covers.
    static let cases: [(name: String, width: Int, height: Int)] = [
        ("gradient-444", 24, 24),  // baseline, no subsampling
        ("gradient-422", 24, 24),  // h2v1 fancy upsampling
        ("gradient-420", 24, 24),  // h2v2 fancy upsampling
        ("grey", 24, 24),  // one component
        ("odd-13x7-420", 13, 7),  // partial MCUs in both directions
        ("odd-17x11-422", 17, 11),
        ("odd-5x3-444", 5, 3),  // smaller than one block
        ("rgb", 16, 9),  // stored as RGB, not YCbCr (Adobe APP14, transform 0)
        ("restart-420", 24, 24),  // a restart marker after every MCU
        ("restart-grey", 21, 19),
        ("progressive-420", 24, 24),  // spectral selection and successive approximation
        ("progressive-444", 23, 17),
        ("progressive-grey", 19, 13),
        ("progressive-restart", 24, 16),  // EOB runs cut by restart markers
        ("ours-440", 19, 13),  // h1v2 fancy upsampling
        ("ours-411", 21, 10),  // h4v1: repeated samples
        ("ours-separate-scans", 19, 13),  // SOF1, 16-bit DQT, one scan per component, restarts, fill bytes
        ("ours-restart-fill", 20, 12),  // fill bytes before RSTn, SOS and EOI
    ]

    // Decoders round the inverse DCT differently (libjpeg-turbo's integer LLM transform against the
    // one here), so a sample can be a level off, which YCbCr → RGB can stretch to 2 (1.772 × ΔCb);
    // the fixtures differ by at most 2, and a 2000×1500 noisy photo by at most 3 in one channel.
    static let tolerance = 3

    @Test("every fixture decodes to Pillow's size, each channel of each pixel within 3 of Pillow's and alpha 255",
          arguments: cases.map(\.name))
    func matchesPillow(name: String) throws {
        let expected = try #require(Self.cases.first { $0.name == name })
        let pixels = try JPEGDecoder.decode(Self.bytes(name + ".jpg"))
        let reference = try Self.bytes(name + ".rgba")
        #expect(pixels.width == expected.width)
        #expect(pixels.height == expected.height)
        try #require(pixels.rgba.count == reference.count)
        var worst = 0
        for (ours, theirs) in zip(pixels.rgba, reference) { worst = max(worst, abs(Int(ours) - Int(theirs))) }
        #expect(worst <= Self.tolerance, "\(name): a channel differs from Pillow's by \(worst)")
        #expect(stride(from: 3, to: pixels.rgba.count, by: 4).allSatisfy { pixels.rgba[$0] == 255 })
    }

    @Test("the picture is there: a red square at the top left, a yellow disc, a blue line across it, blue at the left edge")
    func fixtureHoldsThePicture() throws {
        let pixels = try JPEGDecoder.decode(Self.bytes("gradient-444.jpg"))
        func near(_ x: Int, _ y: Int, _ colour: (Int, Int, Int)) -> Bool {
            let (r, g, b, _) = pixels.pixel(x: x, y: y)
            return abs(Int(r) - colour.0) < 40 && abs(Int(g) - colour.1) < 40 && abs(Int(b) - colour.2) < 40
        }
        #expect(near(2, 2, (200, 30, 40)))
        #expect(near(9, 9, (250, 240, 20)))
        #expect(near(12, 12, (20, 20, 120)))
        #expect(near(0, 12, (0, 133, 255)))
    }

    @Test("every prefix of a baseline and a progressive file throws: data ends early (or is not a JPEG at all)",
          arguments: ["restart-420", "progressive-420"])
    func truncated(name: String) throws {
        let bytes = try Self.bytes(name + ".jpg")
        for length in 0..<bytes.count {
            let message = Self.failure(Array(bytes[..<length]))
            #expect(message == (length < 2 ? "not a JPEG image" : "JPEG data ends early"), "cut at \(length) of \(bytes.count)")
        }
    }

    @Test("a marker where the scan's data should be is corrupt data")
    func markerInTheScan() throws {
        var bytes = try Self.bytes("gradient-444.jpg")
        let scan = try #require(Self.offset(of: 0xDA, in: bytes))
        // FF before a byte that is neither 00 (stuffing) nor FF (fill) starts a marker mid-scan.
        let target = try #require((scan + 60..<bytes.count - 2).first { bytes[$0 + 1] != 0 && bytes[$0 + 1] != 0xFF })
        bytes[target] = 0xFF
        #expect(Self.failure(bytes) == "JPEG data is corrupt")
    }

    @Test("a wrong restart marker is refused")
    func wrongRestartMarker() throws {
        var bytes = try Self.bytes("restart-420.jpg")
        let restart = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD1 })
        bytes[restart + 1] = 0xD5
        #expect(Self.failure(bytes) == "JPEG restart marker is missing")
    }

    @Test("changing any one byte of a scan gives a picture of the right size or an ImageDecodingError, never a crash",
          arguments: ["gradient-420", "progressive-444", "ours-separate-scans"])
    func corruptBytes(name: String) throws {
        let original = try Self.bytes(name + ".jpg")
        let expected = try #require(Self.cases.first { $0.name == name })
        let scan = try #require(Self.offset(of: 0xDA, in: original))
        var failures = 0
        for position in scan..<original.count {
            for value: UInt8 in [0x00, 0xFF, original[position] ^ 0x5A] where value != original[position] {
                var bytes = original
                bytes[position] = value
                do {
                    let pixels = try JPEGDecoder.decode(bytes)
                    #expect(pixels.width == expected.width && pixels.height == expected.height)
                } catch {
                    failures += 1
                }
            }
        }
        #expect(failures > 0, "some of the changes must be caught")
    }

    @Test("data that is not a JPEG is refused as such")
    func notJPEG() {
        #expect(Self.failure([]) == "not a JPEG image")
        #expect(Self.failure([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == "not a JPEG image")
        #expect(Self.failure(Array("<html>not found</html>".utf8)) == "not a JPEG image")
        #expect(Self.failure([0xFF, 0xD8, 0xFF, 0xD9]) == "JPEG has no image data")
    }

    @Test("CMYK, YCCK, 12-bit, lossless, hierarchical and arithmetic-coded JPEGs, and huge sizes, say what they are")
    func unsupportedKinds() throws {
        #expect(Self.failure(Self.header(components: 4)) == "CMYK JPEG is not drawn")
        let adobe: [UInt8] = [0xFF, 0xEE, 0, 14] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 2]
        #expect(Self.failure(Self.header(components: 4, before: adobe)) == "YCCK JPEG is not drawn")
        #expect(Self.failure(Self.header(precision: 12)) == "12-bit JPEG is not drawn")
        #expect(Self.failure(Self.header(marker: 0xC3)) == "lossless JPEG is not drawn")
        #expect(Self.failure(Self.header(marker: 0xC5)) == "hierarchical JPEG is not drawn")
        #expect(Self.failure(Self.header(marker: 0xC9)) == "arithmetic-coded JPEG is not drawn")
        #expect(Self.failure(Self.header(marker: 0xCA)) == "arithmetic-coded JPEG is not drawn")
        #expect(Self.failure(Self.header(width: 10_000, height: 10_000)) == "JPEG is too large (10000×10000 pixels)")
        #expect(Self.failure(Self.header(height: 0)) == "JPEG whose height comes after its data (DNL) is not drawn")
        #expect(Self.failure(Self.header(components: 2)) == "JPEG with 2 colour components is not drawn")

        // A real file made arithmetic-coded by its frame marker alone.
        var bytes = try Self.bytes("gradient-420.jpg")
        let frame = try #require(Self.offset(of: 0xC0, in: bytes))
        bytes[frame + 1] = 0xC9
        #expect(Self.failure(bytes) == "arithmetic-coded JPEG is not drawn")
    }

    @Test("a scan whose Huffman or quantisation tables were never defined is refused")
    func missingTables() throws {
        let bytes = try Self.bytes("grey.jpg")  // SOI, APP0, DQT, SOF0, DHT, DHT, SOS
        let quant = try #require(Self.offset(of: 0xDB, in: bytes))
        let frame = try #require(Self.offset(of: 0xC0, in: bytes))
        let huffman = try #require(Self.offset(of: 0xC4, in: bytes))
        let scan = try #require(Self.offset(of: 0xDA, in: bytes))
        #expect(Self.failure(Array(bytes[..<huffman]) + Array(bytes[scan...])) == "JPEG Huffman table is missing")
        #expect(Self.failure(Array(bytes[..<quant]) + Array(bytes[frame...])) == "JPEG quantisation table is missing")
    }

    // MARK: Helpers

    /// The message decoding `bytes` throws, or nil when it decodes.
    static func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JPEGDecoder.decode(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    /// Where the first marker FF `code` is.
    static func offset(of code: UInt8, in bytes: [UInt8]) -> Int? {
        (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == code }
    }

    /// SOI, `before`, then a frame header with the given fields and three 1×1 components (or as many as asked).
    static func header(marker: UInt8 = 0xC0, precision: UInt8 = 8, width: Int = 16, height: Int = 16,
                       components: Int = 3, before: [UInt8] = []) -> [UInt8] {
        var frame: [UInt8] = [precision, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), UInt8(components)]
        for id in 1...components { frame += [UInt8(id), 0x11, 0] }
        return [0xFF, 0xD8] + before + [0xFF, marker, 0, UInt8(frame.count + 2)] + frame + [0xFF, 0xD9]
    }
}
