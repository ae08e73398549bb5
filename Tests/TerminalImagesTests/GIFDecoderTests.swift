import Foundation
import Testing
@testable import TerminalImages

/// GIF LZW for tests. With `clearWhenFull` a clear code follows a full table (as most encoders
/// do); without it the encoder goes on with 12-bit codes and a frozen table (also legal).
func gifLZW(_ indices: [UInt8], minimumCodeSize: Int, clearWhenFull: Bool) -> [UInt8] {
    let clear = 1 << minimumCodeSize
    var out: [UInt8] = [], bits = 0, bitCount = 0, size = minimumCodeSize + 1
    var table: [[UInt8]: Int] = [:], next = clear + 2
    func reset() {
        table = Dictionary(uniqueKeysWithValues: (0..<clear).map { ([UInt8($0)], $0) })
        (next, size) = (clear + 2, minimumCodeSize + 1)
    }
    func emit(_ code: Int) {
        bits |= code << bitCount
        bitCount += size
        while bitCount >= 8 {
            out.append(UInt8(bits & 0xFF))
            bits >>= 8
            bitCount -= 8
        }
    }
    // The decoder defines each string one code later, so it widens once the code just defined
    // here reaches the next power of two.
    func define() {
        guard next < 4096 else { return }
        next += 1
        if next - 1 == 1 << size && size < 12 { size += 1 }
    }
    reset()
    emit(clear)
    var current: [UInt8] = []
    for index in indices {
        if table[current + [index]] != nil {
            current.append(index)
            continue
        }
        emit(table[current]!)
        if next < 4096 { table[current + [index]] = next }
        define()
        current = [index]
        if next == 4096 && clearWhenFull {
            emit(table[current]!)
            emit(clear)
            reset()
            current = []
        }
    }
    if !current.isEmpty { emit(table[current]!) }
    define()
    emit(clear + 1)
    if bitCount > 0 { out.append(UInt8(bits & 0xFF)) }
    return out
}

/// A one-frame GIF with a 256-colour global table (colour i is (i, 255 - i, i / 2)).
func gifFile(width: Int, height: Int, indices: [UInt8], clearWhenFull: Bool = true, lzw: [UInt8]? = nil) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    // Appended piece by piece: one expression of these sums took the type checker seconds.
    var file: [UInt8] = Array("GIF89a".utf8)
    file += le16(width)
    file += le16(height)
    file += [0xF7, 0, 0]
    for index in 0..<256 { file += [UInt8(index), UInt8(255 - index), UInt8(index / 2)] }
    file += [0x2C]
    file += le16(0)
    file += le16(0)
    file += le16(width)
    file += le16(height)
    file += [0, 8]
    let data = lzw ?? gifLZW(indices, minimumCodeSize: 8, clearWhenFull: clearWhenFull)
    for start in stride(from: 0, to: data.count, by: 255) {
        let block = data[start..<min(start + 255, data.count)]
        file.append(UInt8(block.count))
        file += block
    }
    return file + [0, 0x3B]
}

@Suite("GIF decoding")
struct GIFDecoderTests {
    @Test("Each GIF fixture's first frame decodes to the pixels Pillow decodes for it",
          arguments: ["global", "local-transparent", "interlaced", "uncovered"])
    func matchesPillow(name: String) throws {
        let image = try GIFDecoder.decode(try pngGIFFixture("\(name).gif"))
        let expected = try pngGIFFixture("\(name).rgba")
        #expect(image.width * image.height * 4 == expected.count)
        #expect(image.rgba == expected)
    }

    @Test("A frame with a transparent index leaves the uncovered screen transparent, in the screen's size")
    func transparentScreen() throws {
        let image = try GIFDecoder.decode(try pngGIFFixture("local-transparent.gif"))
        #expect((image.width, image.height) == (24, 18))
        #expect(image.pixel(x: 0, y: 0).3 == 0)
        #expect(image.pixel(x: 23, y: 17).3 == 0)
        // Inside the frame (at 6, 4): local colour 0, which is not the transparent index 5.
        #expect(image.pixel(x: 6, y: 4) == (0, 0, 255, 255))
    }

    @Test("Noise in 256 colours: codes grow to 12 bits, with a clear code at a full table or without one",
          arguments: [true, false])
    func twelveBitCodes(clearWhenFull: Bool) throws {
        var seed: UInt32 = 7
        let indices: [UInt8] = (0..<(120 * 90)).map { _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(seed >> 16 & 0xFF)
        }
        let image = try GIFDecoder.decode(gifFile(width: 120, height: 90, indices: indices, clearWhenFull: clearWhenFull))
        let expected = indices.flatMap { index -> [UInt8] in [index, 255 - index, index / 2, 255] }
        #expect(image.rgba == expected)
    }

    @Test("A run of one colour uses codes defined by the code being read (the KwKwK case)")
    func run() throws {
        let image = try GIFDecoder.decode(gifFile(width: 50, height: 3, indices: Array(repeating: 9, count: 150)))
        #expect(image.rgba == Array([[UInt8]](repeating: [9, 246, 4, 255], count: 150).joined()))
    }

    @Test("A code not yet defined throws")
    func undefinedCode() {
        // Clear (256), literal 1, then 300: the next code to be defined is 258.
        var bits = 0, count = 0, bytes: [UInt8] = []
        for code in [256, 1, 300] {
            bits |= code << count
            count += 9
        }
        while count > 0 {
            bytes.append(UInt8(bits & 0xFF))
            bits >>= 8
            count -= 8
        }
        #expect(throws: ImageDecodingError("bad GIF LZW code")) { try GIFDecoder.decode(gifFile(width: 2, height: 2, indices: [], lzw: bytes)) }
    }

    @Test("Image data with fewer pixels than the frame throws, as in Pillow")
    func shortData() {
        let lzw = gifLZW([1, 2, 3], minimumCodeSize: 8, clearWhenFull: true)
        #expect(throws: ImageDecodingError("GIF image data ends early")) { try GIFDecoder.decode(gifFile(width: 2, height: 2, indices: [], lzw: lzw)) }
    }

    @Test("A GIF with no image, and other formats, throw")
    func noImage() throws {
        let empty = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        #expect(throws: ImageDecodingError("GIF has no image")) { try GIFDecoder.decode(empty) }
        #expect(throws: ImageDecodingError("not a GIF image")) { try GIFDecoder.decode(try pngGIFFixture("rgb8.png")) }
    }

    @Test("Every prefix that cuts the first frame short throws; without only the trailer it decodes")
    func prefixes() throws {
        let data = try pngGIFFixture("local-transparent.gif")
        for length in 0..<(data.count - 1) {
            #expect(throws: ImageDecodingError.self, "prefix \(length)") { try GIFDecoder.decode(Array(data[0..<length])) }
        }
        #expect(try GIFDecoder.decode(Array(data.dropLast())).rgba == (try pngGIFFixture("local-transparent.rgba")))
    }

    @Test("Flipping any byte either throws or still decodes a whole image; the signature and code size throw")
    func flippedBytes() throws {
        let data = try pngGIFFixture("interlaced.gif")
        var thrown = 0
        for index in data.indices {
            var damaged = data
            damaged[index] ^= 0xFF
            do {
                let image = try GIFDecoder.decode(damaged)
                #expect(image.width >= 1 && image.height >= 1)
            } catch let error as ImageDecodingError {
                #expect(!error.description.isEmpty)
                thrown += 1
            }
        }
        #expect(thrown > 0)
        var signature = data
        signature[2] ^= 0xFF
        #expect(throws: ImageDecodingError("not a GIF image")) { try GIFDecoder.decode(signature) }
        // The minimum code size follows the 10-byte image descriptor (after the colour table).
        var codeSize = data
        let at = data[(13 + 24)...].firstIndex(of: 0x2C)! + 10
        #expect(data[at] == 3)
        codeSize[at] = 0
        #expect(throws: ImageDecodingError("bad GIF code size")) { try GIFDecoder.decode(codeSize) }
    }
}
