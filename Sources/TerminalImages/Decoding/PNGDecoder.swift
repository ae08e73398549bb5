/// PNG (the W3C PNG specification, second edition) to 8-bit RGBA: every colour type and bit depth,
/// PLTE, tRNS, the five filters, Adam7 interlacing, image data split over many IDAT chunks.
///
/// The reference is what Pillow gives for `Image.open(png).convert("RGBA")`
/// (Tests/TerminalImagesTests/Fixtures/make_png_gif_fixtures.py), except for 16-bit grey and
/// for tRNS on 2- and 4-bit grey and 16-bit colour, where Pillow's result is not what the
/// specification asks (see `expand`). Ancillary chunks other than tRNS (gAMA, cHRM, sRGB, iCCP…)
/// are ignored, as Pillow's conversion ignores them: no gamma or colour correction is applied;
/// a terminal's colours are uncalibrated anyway. Critical CRCs are checked, ancillary ones not.
public enum PNGDecoder {
    /// Larger images are refused before anything is allocated for them.
    static let maxPixels = 50_000_000

    public static func decode(_ bytes: [UInt8]) throws -> Pixels {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw ImageDecodingError(bytes.count < 8 && bytes.elementsEqual(signature.prefix(bytes.count))
                ? "PNG data ends early" : "not a PNG image")
        }
        var header: Header?
        // Entries past the palette's end are opaque black, as in Pillow.
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        for i in 0..<256 { palette[i * 4 + 3] = 255 }
        var hasPalette = false
        var transparentSample: [Int]?
        var imageData: [UInt8] = []
        var position = 8
        while true {
            guard position + 8 <= bytes.count else { throw ImageDecodingError("PNG data ends early") }
            let length = readUInt32(bytes, position)
            guard length <= 0x7FFF_FFFF else { throw ImageDecodingError("bad PNG chunk length") }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8, end = start + length
            guard end + 4 <= bytes.count else { throw ImageDecodingError("PNG data ends early") }
            position = end + 4
            if ["IHDR", "PLTE", "IDAT", "IEND"].contains(type) {
                guard CRC32.checksum(bytes, from: start - 4, to: end) == readUInt32(bytes, end) else {
                    throw ImageDecodingError("bad CRC in \(type)")
                }
            }
            let data = bytes[start..<end]
            if header == nil && type != "IHDR" { throw ImageDecodingError("PNG does not start with IHDR") }
            switch type {
            case "IHDR":
                guard header == nil else { throw ImageDecodingError("PNG has two IHDR chunks") }
                header = try Header(data)
            case "PLTE":
                guard length % 3 == 0, length / 3 <= 256, length > 0 else { throw ImageDecodingError("bad PNG palette") }
                for i in 0..<(length / 3) {
                    for c in 0..<3 { palette[i * 4 + c] = data[start + i * 3 + c] }
                }
                hasPalette = true
            case "tRNS":
                // Ancillary: a malformed one is skipped rather than refused.
                switch header!.colourType {
                case 3:
                    for (i, alpha) in data.prefix(256).enumerated() { palette[i * 4 + 3] = alpha }
                case 0 where length >= 2:
                    transparentSample = [readUInt16(bytes, start)]
                case 2 where length >= 6:
                    transparentSample = (0..<3).map { readUInt16(bytes, start + $0 * 2) }
                default: break
                }
            case "IDAT":
                imageData.append(contentsOf: data)
            case "IEND":
                return try pixels(header!, imageData, palette, hasPalette, transparentSample)
            default:
                // Unknown chunks are skipped, critical ones too (the specification would refuse
                // those; Pillow skips them, and so does this).
                break
            }
        }
    }

    static func readUInt32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    static func readUInt16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    struct Header {
        let width: Int, height: Int, bitDepth: Int, colourType: Int, interlaced: Bool

        init(_ data: ArraySlice<UInt8>) throws {
            guard data.count == 13 else { throw ImageDecodingError("bad PNG header") }
            let bytes = Array(data)
            (width, height) = (PNGDecoder.readUInt32(bytes, 0), PNGDecoder.readUInt32(bytes, 4))
            (bitDepth, colourType) = (Int(bytes[8]), Int(bytes[9]))
            guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
                throw ImageDecodingError("bad PNG image size")
            }
            guard width * height <= PNGDecoder.maxPixels else { throw ImageDecodingError("PNG image is too large") }
            let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let depths = allowed[colourType] else { throw ImageDecodingError("bad PNG colour type") }
            guard depths.contains(bitDepth) else { throw ImageDecodingError("bad PNG bit depth") }
            guard bytes[10] == 0, bytes[11] == 0 else { throw ImageDecodingError("unknown PNG compression or filter method") }
            guard bytes[12] <= 1 else { throw ImageDecodingError("unknown PNG interlace method") }
            interlaced = bytes[12] == 1
        }

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType]! }
        var bitsPerPixel: Int { channels * bitDepth }
        func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
    }

    /// Adam7's passes: first column, first row, column step, row step.
    static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    static func pixels(_ header: Header, _ imageData: [UInt8], _ palette: [UInt8], _ hasPalette: Bool,
                       _ transparentSample: [Int]?) throws -> Pixels {
        guard header.colourType != 3 || hasPalette else { throw ImageDecodingError("PNG palette is missing") }
        guard !imageData.isEmpty else { throw ImageDecodingError("PNG has no image data") }
        let passes = header.interlaced ? adam7 : [(0, 0, 1, 1)]
        // Each pass: its size in pixels (an empty pass has no rows, not even filter bytes).
        let sizes = passes.map { (x0, y0, dx, dy) in
            ((header.width - x0 + dx - 1) / dx, (header.height - y0 + dy - 1) / dy)
        }
        let expected = sizes.reduce(0) { total, size in
            size.0 == 0 || size.1 == 0 ? total : total + size.1 * (1 + header.rowBytes(size.0))
        }
        var data: [UInt8]
        do {
            data = try Inflate.zlib(imageData, limit: expected)
        } catch {
            throw error.description == "decompressed data is too large" ? ImageDecodingError("PNG has too much image data") : error
        }
        guard data.count == expected else { throw ImageDecodingError("PNG image data ends early") }

        var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var offset = 0
        let bytesPerPixel = max(1, header.bitsPerPixel / 8)
        // The first row's "row above" is zeros (so every filter reads only the current row).
        let zeros = [UInt8](repeating: 0, count: header.rowBytes(header.width))
        try zeros.withUnsafeBufferPointer { zeros in
            try data.withUnsafeMutableBufferPointer { data in
                try rgba.withUnsafeMutableBufferPointer { rgba in
                    for (pass, (passWidth, passHeight)) in zip(passes, sizes) where passWidth > 0 && passHeight > 0 {
                        let rowBytes = header.rowBytes(passWidth)
                        for y in 0..<passHeight {
                            let row = data.baseAddress! + offset + 1
                            let above = y == 0 ? zeros.baseAddress! : UnsafePointer(row - rowBytes - 1)
                            try unfilter(filter: data[offset], row: row, above: above, count: rowBytes, bytesPerPixel: bytesPerPixel)
                            let target = rgba.baseAddress! + ((pass.1 + y * pass.3) * header.width + pass.0) * 4
                            expand(header, UnsafePointer(row), passWidth, target, pass.2 * 4, palette, transparentSample)
                            offset += rowBytes + 1
                        }
                    }
                }
            }
        }
        return Pixels(width: header.width, height: header.height, rgba: rgba)
    }

    /// Undoes one row's filter in place (PNG specification, 9.2 and 9.4).
    static func unfilter(filter: UInt8, row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>,
                         count: Int, bytesPerPixel bpp: Int) throws {
        switch filter {
        case 0: break
        case 1:
            for i in bpp..<max(bpp, count) { row[i] &+= row[i - bpp] }
        case 2:
            for i in 0..<count { row[i] &+= above[i] }
        case 3:
            for i in 0..<min(bpp, count) { row[i] &+= above[i] >> 1 }
            for i in bpp..<max(bpp, count) { row[i] &+= UInt8((Int(row[i - bpp]) + Int(above[i])) >> 1) }
        case 4:
            for i in 0..<min(bpp, count) { row[i] &+= above[i] }
            for i in bpp..<max(bpp, count) {
                let a = Int(row[i - bpp]), b = Int(above[i]), c = Int(above[i - bpp])
                // |p - a|, |p - b|, |p - c| for p = a + b - c, without forming p.
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                row[i] &+= UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default: throw ImageDecodingError("bad PNG filter type")
        }
    }

    /// One unfiltered row of `width` pixels to RGBA, `step` bytes apart in the output.
    /// 16-bit samples keep their high byte, as Pillow does for RGB, RGBA and grey+alpha (and
    /// libpng's strip-16). Pillow clamps 16-bit grey instead (values of 255 and more all turn
    /// white, so nearly every such image would be white): that one follows the others here.
    /// tRNS is compared with the samples as stored, as the specification says; Pillow compares
    /// it after scaling 2- and 4-bit grey to 8 bits and 16-bit colour to 8, so it misses matches.
    static func expand(_ header: Header, _ row: UnsafePointer<UInt8>, _ width: Int,
                       _ target: UnsafeMutablePointer<UInt8>, _ step: Int, _ palette: [UInt8], _ transparent: [Int]?) {
        let depth = header.bitDepth
        var out = target
        switch (header.colourType, depth) {
        case (0, 16), (0, 8):
            let size = depth / 8, key = transparent?[0] ?? -1
            for x in 0..<width {
                let v = row[x * size]
                let sample = size == 2 ? Int(v) << 8 | Int(row[x * 2 + 1]) : Int(v)
                (out[0], out[1], out[2], out[3]) = (v, v, v, sample == key ? 0 : 255)
                out += step
            }
        case (0, _), (3, _):
            let perByte = 8 / depth, mask = (1 << depth) - 1, scale = 255 / mask
            let key = transparent?[0] ?? -1
            for x in 0..<width {
                let shift = 8 - depth * (x % perByte + 1)
                let sample = Int(row[x / perByte] >> UInt8(shift)) & mask
                if header.colourType == 0 {
                    let v = UInt8(sample * scale)
                    (out[0], out[1], out[2], out[3]) = (v, v, v, sample == key ? 0 : 255)
                } else {
                    let p = sample * 4
                    (out[0], out[1], out[2], out[3]) = (palette[p], palette[p + 1], palette[p + 2], palette[p + 3])
                }
                out += step
            }
        case (2, _):
            let size = depth / 8
            let key = transparent ?? [-1, -1, -1]
            for x in 0..<width {
                let p = row + x * 3 * size
                (out[0], out[1], out[2], out[3]) = (p[0], p[size], p[2 * size], 255)
                if transparent != nil {
                    let (r, g, b) = size == 2
                        ? (Int(p[0]) << 8 | Int(p[1]), Int(p[2]) << 8 | Int(p[3]), Int(p[4]) << 8 | Int(p[5]))
                        : (Int(p[0]), Int(p[1]), Int(p[2]))
                    if r == key[0] && g == key[1] && b == key[2] { out[3] = 0 }
                }
                out += step
            }
        case (4, _):
            let size = depth / 8
            for x in 0..<width {
                let p = row + x * 2 * size
                (out[0], out[1], out[2], out[3]) = (p[0], p[0], p[0], p[size])
                out += step
            }
        default:
            let size = depth / 8
            for x in 0..<width {
                let p = row + x * 4 * size
                (out[0], out[1], out[2], out[3]) = (p[0], p[size], p[2 * size], p[3 * size])
                out += step
            }
        }
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, the same as zlib's), one table look-up per byte.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                for i in start..<end { crc = table[Int((crc ^ UInt32(bytes[i])) & 0xFF)] ^ (crc >> 8) }
            }
        }
        return Int(crc ^ 0xFFFF_FFFF)
    }
}
