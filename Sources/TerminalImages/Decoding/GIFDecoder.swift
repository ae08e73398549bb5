/// GIF (GIF89a, and GIF87a) to 8-bit RGBA: the first frame on the logical screen.
///
/// The reference is Pillow's `Image.open(gif).convert("RGBA")`
/// (Tests/TerminalImagesTests/Fixtures/make_png_gif_fixtures.py), followed in three choices a
/// reader might not expect, so that what is drawn is what Python shows for the same bytes:
/// - Where the frame does not cover the screen, the screen holds colour index 0 of the frame's
///   palette, opaque, unless a Graphic Control Extension names a transparent index: then it
///   holds that index, so it is transparent. The screen's background colour index is not used
///   (GIF89a leaves the background to the viewer, and browsers show it as transparent).
/// - A frame reaching past the logical screen makes the image larger rather than being cut.
/// - An index past the end of the colour table is opaque black; with no colour table at all an
///   index is a grey level (index 7 is RGB 7, 7, 7).
/// Extensions other than the Graphic Control Extension are skipped, and so are the frames after
/// the first (with their disposal methods and timing).
public enum GIFDecoder {
    static let maxPixels = 50_000_000

    public static func decode(_ bytes: [UInt8]) throws -> Pixels {
        var reader = Reader(bytes: bytes)
        let signature = try reader.take(6)
        guard signature.starts(with: [0x47, 0x49, 0x46, 0x38]), [[0x37, 0x61], [0x39, 0x61]].contains(Array(signature.suffix(2))) else {
            throw ImageDecodingError("not a GIF image")
        }
        var width = try reader.uint16(), height = try reader.uint16()
        let screenFlags = try reader.byte()
        _ = try reader.take(2)  // background colour index and pixel aspect ratio: not used
        let globalTable = screenFlags & 0x80 != 0 ? try reader.take(3 << (Int(screenFlags & 7) + 1)) : nil

        var transparent: Int?
        while true {
            switch try reader.byte() {
            case 0x21:
                let label = try reader.byte()
                let first = try reader.subBlock()
                // Graphic Control Extension: flags, delay (2 bytes), transparent index.
                if label == 0xF9, first.count >= 4, first[first.startIndex] & 1 != 0 {
                    transparent = Int(first[first.startIndex + 3])
                }
                if !first.isEmpty { while try !reader.subBlock().isEmpty {} }
            case 0x2C:
                return try frame(&reader, &width, &height, globalTable, transparent)
            case 0x3B:
                throw ImageDecodingError("GIF has no image")
            default:
                // Stray bytes between blocks (a doubled block terminator, padding) are skipped,
                // as Pillow and browsers skip them.
                continue
            }
        }
    }

    static func frame(_ reader: inout Reader, _ width: inout Int, _ height: inout Int,
                      _ globalTable: ArraySlice<UInt8>?, _ transparent: Int?) throws -> Pixels {
        let left = try reader.uint16(), top = try reader.uint16()
        let frameWidth = try reader.uint16(), frameHeight = try reader.uint16()
        let flags = try reader.byte()
        let localTable = flags & 0x80 != 0 ? try reader.take(3 << (Int(flags & 7) + 1)) : nil
        (width, height) = (max(width, left + frameWidth), max(height, top + frameHeight))
        guard width > 0, height > 0 else { throw ImageDecodingError("bad GIF image size") }
        guard width * height <= maxPixels else { throw ImageDecodingError("GIF image is too large") }

        let minimumCodeSize = Int(try reader.byte())
        guard (1...8).contains(minimumCodeSize) else { throw ImageDecodingError("bad GIF code size") }
        var data: [UInt8] = []
        while true {
            let block = try reader.subBlock()
            if block.isEmpty { break }
            data.append(contentsOf: block)
        }
        let indices = try lzw(data, minimumCodeSize: minimumCodeSize, count: frameWidth * frameHeight)

        var screen = [UInt8](repeating: UInt8(transparent ?? 0), count: width * height)
        // Interlaced rows come in four passes: every 8th row from 0, every 8th from 4, every
        // 4th from 2, every 2nd from 1.
        var rows = Array(0..<frameHeight)
        if flags & 0x40 != 0 {
            rows = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: frameHeight, by: $0.1) }
        }
        for (sourceRow, row) in rows.enumerated() {
            let start = (top + row) * width + left
            screen.replaceSubrange(start..<(start + frameWidth), with: indices[(sourceRow * frameWidth)..<((sourceRow + 1) * frameWidth)])
        }

        var palette = [UInt8](repeating: 0, count: 256 * 3)
        if let table = localTable ?? globalTable {
            for (i, value) in table.prefix(256 * 3).enumerated() { palette[i] = value }
        } else {
            for i in 0..<256 * 3 { palette[i] = UInt8(i / 3) }
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for (i, index) in screen.enumerated() {
            let colour = Int(index) * 3
            (rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]) = (palette[colour], palette[colour + 1], palette[colour + 2])
            if Int(index) == transparent { rgba[i * 4 + 3] = 0 }
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// GIF's LZW: variable-width codes taken low bit first, starting one bit wider than the
    /// minimum code size and growing to 12 bits; a full table stays as it is until a clear code.
    /// Strings are stored as (prefix code, last byte) and written back to front.
    static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [UInt16](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var firstByte = [UInt8](repeating: 0, count: 4096)
        var length = [Int](repeating: 1, count: 4096)
        for code in 0..<clear { (suffix[code], firstByte[code]) = (UInt8(code), UInt8(code)) }
        var output = [UInt8](repeating: 0, count: count)
        var written = 0
        var codeSize = minimumCodeSize + 1, next = clear + 2, previous = -1
        var bits = 0, bitCount = 0, position = 0

        while written < count {
            while bitCount < codeSize {
                guard position < data.count else { throw ImageDecodingError("GIF image data ends early") }
                bits |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let code = bits & ((1 << codeSize) - 1)
            bits >>= codeSize
            bitCount -= codeSize

            if code == clear {
                (codeSize, next, previous) = (minimumCodeSize + 1, clear + 2, -1)
                continue
            }
            if code == end { break }
            guard code < next || (code == next && previous >= 0 && next < 4096) else {
                throw ImageDecodingError("bad GIF LZW code")
            }
            if previous >= 0 && next < 4096 {
                // The new string is the previous one plus the first byte of this one, which
                // when the code is the one being defined is the previous string's first byte.
                prefix[next] = UInt16(previous)
                suffix[next] = code == next ? firstByte[previous] : firstByte[code]
                firstByte[next] = firstByte[previous]
                length[next] = length[previous] + 1
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            } else if previous < 0 && code >= clear {
                throw ImageDecodingError("bad GIF LZW code")
            }
            // Bytes past the frame's last pixel are dropped.
            var walk = code, at = written + length[code] - 1
            while true {
                if at < count { output[at] = suffix[walk] }
                if at == written { break }
                walk = Int(prefix[walk])
                at -= 1
            }
            written += length[code]
            previous = code
        }
        guard written >= count else { throw ImageDecodingError("GIF image data ends early") }
        return output
    }

    struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard position + count <= bytes.count else { throw ImageDecodingError("GIF data ends early") }
            defer { position += count }
            return bytes[position..<(position + count)]
        }

        mutating func byte() throws -> UInt8 { try take(1).first! }

        mutating func uint16() throws -> Int {
            let pair = try take(2)
            return Int(pair[pair.startIndex]) | Int(pair[pair.startIndex + 1]) << 8
        }

        /// One data sub-block (a length byte and that many bytes); empty at the terminator.
        mutating func subBlock() throws -> ArraySlice<UInt8> { try take(Int(try byte())) }
    }
}
