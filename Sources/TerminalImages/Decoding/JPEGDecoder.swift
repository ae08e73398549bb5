/// JPEG (ITU T.81) with Huffman coding and 8-bit samples: baseline, extended sequential and
/// progressive, greyscale or YCbCr (RGB when the file says so), any integral sampling factors.
/// Arithmetic coding, lossless, hierarchical, 12-bit and CMYK/YCCK are refused with an
/// `ImageDecodingError`, as is data that ends early or cannot be decoded.
///
/// The frame's quantised coefficients are decoded into one array per component (progressive
/// scans refine them over several passes), then transformed and coloured in one go
/// (JPEGDecoder+Output.swift). Entropy decoding is in JPEGDecoder+Entropy.swift.
public enum JPEGDecoder {
    /// Larger images are refused before anything is allocated for them.
    static let maximumPixels = 50_000_000
    /// Encoders write a dozen or so; more is most likely data made to keep a decoder busy.
    static let maximumScans = 100

    /// The image `bytes` hold (a JFIF/EXIF JPEG), as RGBA (alpha 255).
    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> Pixels {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageDecodingError("not a JPEG image")
        }
        // A copy with a stable address: the hot loops read it through a pointer, without
        // closures (and their typed-throws plumbing) around every stage.
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        defer { data.deallocate() }
        data.initialize(from: bytes, count: bytes.count)
        var parser = JPEGParser(data: UnsafePointer(data), count: bytes.count)
        return try parser.decode()
    }
}

enum JPEGErrors {
    static let endsEarly = ImageDecodingError("JPEG data ends early")
    static let corrupt = ImageDecodingError("JPEG data is corrupt")
}

/// One colour component of the frame and its coefficients, block by block in natural (not
/// zig-zag) order, 64 to a block, blocks row by row.
final class JPEGComponent {
    let id: UInt8
    let h: Int, v: Int
    let quantIndex: Int
    /// Blocks in whole MCUs (what interleaved scans fill).
    let blocksPerLine: Int, blocksPerColumn: Int
    /// Samples that hold the image: ceil(width × h / hMax) × ceil(height × v / vMax).
    let sampleWidth: Int, sampleHeight: Int
    let coefficients: UnsafeMutablePointer<Int16>
    /// Latched at the component's first scan, as T.81 (and libjpeg) do, in natural order.
    var quant: [Int32]?

    init(id: UInt8, h: Int, v: Int, quantIndex: Int, blocksPerLine: Int, blocksPerColumn: Int,
         sampleWidth: Int, sampleHeight: Int) {
        (self.id, self.h, self.v, self.quantIndex) = (id, h, v, quantIndex)
        (self.blocksPerLine, self.blocksPerColumn) = (blocksPerLine, blocksPerColumn)
        (self.sampleWidth, self.sampleHeight) = (sampleWidth, sampleHeight)
        let count = blocksPerLine * blocksPerColumn * 64
        coefficients = UnsafeMutablePointer<Int16>.allocate(capacity: count)
        coefficients.initialize(repeating: 0, count: count)
    }

    deinit { coefficients.deallocate() }

    /// Blocks a scan of this component alone covers (T.81 A.2.2: only those holding samples).
    var usedBlocksPerLine: Int { (sampleWidth + 7) / 8 }
    var usedBlocksPerColumn: Int { (sampleHeight + 7) / 8 }
}

struct JPEGFrame {
    let width: Int, height: Int
    let progressive: Bool
    let components: [JPEGComponent]
    let hMax: Int, vMax: Int
    let mcusPerLine: Int, mcusPerColumn: Int
    /// Three components already in RGB (Adobe transform 0, or components named R, G, B).
    var isRGB = false
}

/// Reads the markers in order, keeping the tables the scans use.
struct JPEGParser {
    let data: UnsafePointer<UInt8>
    let count: Int
    var position = 2
    var quantTables = [[Int32]?](repeating: nil, count: 4)
    var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var restartInterval = 0
    var adobeTransform: Int?
    var sawJFIF = false
    var frame: JPEGFrame?
    var scans = 0

    init(data: UnsafePointer<UInt8>, count: Int) { (self.data, self.count) = (data, count) }

    mutating func decode() throws(ImageDecodingError) -> Pixels {
        while true {
            let marker = try nextMarker()
            switch marker {
            case 0xD9:
                guard let frame, scans > 0 else { throw ImageDecodingError("JPEG has no image data") }
                return JPEGOutput.render(frame)
            case 0xD0...0xD7, 0x01:
                continue  // no segment follows these
            case 0xD8:
                throw JPEGErrors.corrupt
            default:
                break
            }
            var segment = try readSegment()
            switch marker {
            case 0xC0, 0xC1, 0xC2: try readFrame(&segment, progressive: marker == 0xC2)
            case 0xC3: throw ImageDecodingError("lossless JPEG is not drawn")
            case 0xC5, 0xC6, 0xC7: throw ImageDecodingError("hierarchical JPEG is not drawn")
            case 0xC9, 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF:
                throw ImageDecodingError("arithmetic-coded JPEG is not drawn")
            case 0xC4: try readHuffmanTables(&segment)
            case 0xDB: try readQuantTables(&segment)
            case 0xDD: restartInterval = try segment.u16()
            case 0xDA: try readScan(&segment)
            case 0xE0: sawJFIF = sawJFIF || segment.starts(with: [0x4A, 0x46, 0x49, 0x46, 0])  // "JFIF\0"
            case 0xEE:
                // Adobe's APP14: "Adobe", version, two flag words, then the colour transform.
                if segment.length >= 12, segment.starts(with: [0x41, 0x64, 0x6F, 0x62, 0x65]) {
                    adobeTransform = Int(data[segment.position + 11])
                }
            default: break  // APPn, COM, DNL and unknown segments
            }
        }
    }

    /// The next marker's code, skipping fill bytes (and, as libjpeg does, stray bytes before it).
    mutating func nextMarker() throws(ImageDecodingError) -> UInt8 {
        while true {
            while position < count, data[position] != 0xFF { position += 1 }
            while position < count, data[position] == 0xFF { position += 1 }
            guard position < count else { throw JPEGErrors.endsEarly }
            let code = data[position]
            position += 1
            if code != 0 { return code }
        }
    }

    mutating func readSegment() throws(ImageDecodingError) -> JPEGSegment {
        guard position + 2 <= count else { throw JPEGErrors.endsEarly }
        let length = Int(data[position]) << 8 | Int(data[position + 1])
        guard length >= 2 else { throw JPEGErrors.corrupt }
        guard position + length <= count else { throw JPEGErrors.endsEarly }
        let segment = JPEGSegment(data: data, position: position + 2, end: position + length)
        position += length
        return segment
    }

    mutating func readFrame(_ s: inout JPEGSegment, progressive: Bool) throws(ImageDecodingError) {
        guard frame == nil else { throw ImageDecodingError("JPEG has more than one frame") }
        let precision = try s.byte()
        let height = try s.u16(), width = try s.u16(), componentCount = try s.byte()
        guard precision == 8 else {
            throw precision == 12 || precision == 16 ? ImageDecodingError("\(precision)-bit JPEG is not drawn") : JPEGErrors.corrupt
        }
        guard height > 0 else { throw ImageDecodingError("JPEG whose height comes after its data (DNL) is not drawn") }
        guard width > 0 else { throw JPEGErrors.corrupt }
        guard width * height <= JPEGDecoder.maximumPixels else {
            throw ImageDecodingError("JPEG is too large (\(width)×\(height) pixels)")
        }
        if componentCount == 4 {
            throw ImageDecodingError(adobeTransform == 2 ? "YCCK JPEG is not drawn" : "CMYK JPEG is not drawn")
        }
        guard componentCount == 1 || componentCount == 3 else {
            throw ImageDecodingError("JPEG with \(componentCount) colour components is not drawn")
        }
        var specs: [(id: UInt8, h: Int, v: Int, tq: Int)] = []
        for _ in 0..<componentCount {
            let id = UInt8(try s.byte()), hv = try s.byte(), tq = try s.byte()
            let (h, v) = (hv >> 4, hv & 15)
            guard (1...4).contains(h), (1...4).contains(v), tq < 4 else { throw JPEGErrors.corrupt }
            // A lone component is one block per MCU whatever its factors say (T.81 A.2.2).
            specs.append(componentCount == 1 ? (id, 1, 1, tq) : (id, h, v, tq))
        }
        let hMax = specs.map(\.h).max()!, vMax = specs.map(\.v).max()!
        guard specs.allSatisfy({ hMax % $0.h == 0 && vMax % $0.v == 0 }) else {
            throw ImageDecodingError("JPEG with sampling factors that do not divide evenly is not drawn")
        }
        let mcusPerLine = (width + 8 * hMax - 1) / (8 * hMax)
        let mcusPerColumn = (height + 8 * vMax - 1) / (8 * vMax)
        let components = specs.map { spec in
            JPEGComponent(
                id: spec.id, h: spec.h, v: spec.v, quantIndex: spec.tq,
                blocksPerLine: mcusPerLine * spec.h, blocksPerColumn: mcusPerColumn * spec.v,
                sampleWidth: (width * spec.h + hMax - 1) / hMax, sampleHeight: (height * spec.v + vMax - 1) / vMax)
        }
        var frame = JPEGFrame(
            width: width, height: height, progressive: progressive, components: components,
            hMax: hMax, vMax: vMax, mcusPerLine: mcusPerLine, mcusPerColumn: mcusPerColumn)
        if componentCount == 3, !sawJFIF {
            frame.isRGB = adobeTransform == 0 || (adobeTransform == nil && specs.map(\.id) == [0x52, 0x47, 0x42])
        }
        self.frame = frame
    }

    mutating func readQuantTables(_ s: inout JPEGSegment) throws(ImageDecodingError) {
        while s.position < s.end {
            let pqtq = try s.byte()
            let (wide, index) = (pqtq >> 4, pqtq & 15)
            guard wide <= 1, index < 4 else { throw JPEGErrors.corrupt }
            var table = [Int32](repeating: 0, count: 64)
            for k in 0..<64 {
                table[Int(JPEGZigZag.natural[k])] = Int32(try wide == 1 ? s.u16() : s.byte())
            }
            quantTables[index] = table
        }
    }

    mutating func readHuffmanTables(_ s: inout JPEGSegment) throws(ImageDecodingError) {
        while s.position < s.end {
            let tcth = try s.byte()
            let (tableClass, index) = (tcth >> 4, tcth & 15)
            guard tableClass <= 1, index < 4 else { throw JPEGErrors.corrupt }
            var counts = [Int](repeating: 0, count: 16)
            for i in 0..<16 { counts[i] = try s.byte() }
            let total = counts.reduce(0, +)
            guard total <= 256 else { throw JPEGErrors.corrupt }
            var symbols = [UInt8](repeating: 0, count: total)
            for i in 0..<total { symbols[i] = UInt8(try s.byte()) }
            let table = try JPEGHuffmanTable(counts: counts, symbols: symbols)
            if tableClass == 0 { dcTables[index] = table } else { acTables[index] = table }
        }
    }

    mutating func readScan(_ s: inout JPEGSegment) throws(ImageDecodingError) {
        guard let frame else { throw JPEGErrors.corrupt }
        // Each scan walks the whole image, and a progressive scan of all-zero bands takes a few
        // bytes: without a limit a small file could keep the decoder busy for minutes.
        scans += 1
        guard scans <= JPEGDecoder.maximumScans else { throw ImageDecodingError("JPEG has too many scans") }
        let n = try s.byte()
        guard n >= 1, n <= frame.components.count else { throw JPEGErrors.corrupt }
        var members: [(component: JPEGComponent, dc: Int, ac: Int)] = []
        for _ in 0..<n {
            let id = UInt8(try s.byte()), tables = try s.byte()
            guard let component = frame.components.first(where: { $0.id == id }),
                  !members.contains(where: { $0.component === component }),
                  tables >> 4 < 4, tables & 15 < 4
            else { throw JPEGErrors.corrupt }
            members.append((component, tables >> 4, tables & 15))
        }
        let start = try s.byte(), end = try s.byte(), approximation = try s.byte()
        let (high, low) = (approximation >> 4, approximation & 15)

        let kind: JPEGScanKind
        if !frame.progressive {
            kind = .sequential
        } else if start == 0 {
            guard end == 0 else { throw JPEGErrors.corrupt }
            kind = high == 0 ? .dcFirst : .dcRefine
        } else {
            // AC bands are coded one component at a time (T.81 G.1.1.1.1).
            guard end >= start, end <= 63, n == 1 else { throw JPEGErrors.corrupt }
            kind = high == 0 ? .acFirst : .acRefine
        }
        guard low <= 13 else { throw JPEGErrors.corrupt }
        if n > 1, members.reduce(0, { $0 + $1.component.h * $1.component.v }) > 10 { throw JPEGErrors.corrupt }

        var scanComponents: [JPEGScanComponent] = []
        for member in members {
            let needsDC = kind == .sequential || kind == .dcFirst
            let needsAC = kind == .sequential || kind == .acFirst || kind == .acRefine
            let dc = dcTables[member.dc], ac = acTables[member.ac]
            guard !needsDC || dc != nil, !needsAC || ac != nil else {
                throw ImageDecodingError("JPEG Huffman table is missing")
            }
            if member.component.quant == nil {
                guard let table = quantTables[member.component.quantIndex] else {
                    throw ImageDecodingError("JPEG quantisation table is missing")
                }
                member.component.quant = table
            }
            scanComponents.append(JPEGScanComponent(component: member.component, dc: dc, ac: ac))
        }
        let scan = JPEGScan(
            kind: kind, components: scanComponents, start: start, end: end, low: low,
            mcusPerLine: n == 1 ? members[0].component.usedBlocksPerLine : frame.mcusPerLine,
            mcusPerColumn: n == 1 ? members[0].component.usedBlocksPerColumn : frame.mcusPerColumn,
            restartInterval: restartInterval)
        var reader = JPEGBitReader(data: data, end: count, position: position)
        try scan.decode(&reader)
        position = reader.position
    }
}

/// The bytes of one marker segment, read with bounds checks.
struct JPEGSegment {
    let data: UnsafePointer<UInt8>
    var position: Int
    let end: Int

    var length: Int { end - position }

    mutating func byte() throws(ImageDecodingError) -> Int {
        guard position < end else { throw JPEGErrors.corrupt }
        defer { position += 1 }
        return Int(data[position])
    }

    mutating func u16() throws(ImageDecodingError) -> Int {
        let high = try byte()
        return high << 8 | (try byte())
    }

    func starts(with prefix: [UInt8]) -> Bool {
        guard length >= prefix.count else { return false }
        return prefix.indices.allSatisfy { data[position + $0] == prefix[$0] }
    }
}

enum JPEGZigZag {
    /// natural[k]: where the k-th coefficient of the zig-zag sequence sits in the 8×8 block
    /// (T.81 figure A.6).
    static let natural: [UInt8] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]
}
