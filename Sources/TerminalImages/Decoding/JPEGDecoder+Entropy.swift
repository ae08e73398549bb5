/// Huffman decoding of a scan's entropy-coded data (T.81 annexes C, F.2 and G.2) into the
/// components' coefficients.

/// A canonical Huffman table: codes of up to `fastBits` bits are found with one look-up,
/// longer ones by comparing with the largest code of each length (T.81 F.2.2.3).
final class JPEGHuffmanTable {
    static let fastBits = 9
    /// For each `fastBits`-bit prefix: code length << 8 | symbol, or 0 when the code is longer.
    let fast: UnsafeMutablePointer<UInt16>
    /// For lengths 1...16: the largest code of that length (-1 when none), and what to add to a
    /// code of that length to find its symbol's index.
    let maxCode: UnsafeMutablePointer<Int32>
    let valueOffset: UnsafeMutablePointer<Int32>
    let symbols: UnsafeMutablePointer<UInt8>

    init(counts: [Int], symbols source: [UInt8]) throws(ImageDecodingError) {
        let fastCount = 1 << Self.fastBits
        fast = .allocate(capacity: fastCount)
        fast.initialize(repeating: 0, count: fastCount)
        maxCode = .allocate(capacity: 17)
        maxCode.initialize(repeating: -1, count: 17)
        valueOffset = .allocate(capacity: 17)
        valueOffset.initialize(repeating: 0, count: 17)
        symbols = .allocate(capacity: 256)
        symbols.initialize(repeating: 0, count: 256)
        for (i, symbol) in source.enumerated() { symbols[i] = symbol }

        var code = 0, index = 0
        for length in 1...16 {
            valueOffset[length] = Int32(index - code)
            for _ in 0..<counts[length - 1] {
                // Codes must fit their length and none may be all ones (T.81 C; libjpeg refuses these too).
                guard code + 1 < 1 << length else { throw ImageDecodingError("JPEG Huffman table is corrupt") }
                if length <= Self.fastBits {
                    let shift = Self.fastBits - length
                    let entry = UInt16(length << 8) | UInt16(source[index])
                    for low in 0..<(1 << shift) { fast[code << shift | low] = entry }
                }
                code += 1
                index += 1
            }
            if counts[length - 1] > 0 { maxCode[length] = Int32(code - 1) }
            code <<= 1
        }
    }

    deinit {
        fast.deallocate()
        maxCode.deallocate()
        valueOffset.deallocate()
        symbols.deallocate()
    }
}

/// The bits of one scan, most significant first, with stuffed zero bytes (FF 00) removed.
/// At a marker or the end of the data it goes on with zero bits, counting them: taking any of
/// those means the data was cut short or is corrupt.
struct JPEGBitReader {
    let data: UnsafePointer<UInt8>
    let end: Int
    var position: Int
    /// The next `count` bits, from the most significant end.
    var buffer: UInt64 = 0
    var count = 0
    /// Zero bits put in the buffer since the data stopped.
    var padding = 0
    var stopped = false
    var reachedEnd = false

    init(data: UnsafePointer<UInt8>, end: Int, position: Int) {
        (self.data, self.end, self.position) = (data, end, position)
    }

    mutating func refill() {
        while count <= 56 {
            var byte: UInt8 = 0
            if !stopped {
                if position < end, data[position] != 0xFF {
                    byte = data[position]
                    position += 1
                } else if position + 1 < end, data[position + 1] == 0 {
                    byte = 0xFF
                    position += 2
                } else {
                    // A marker (the position stays on its FF), or no more data.
                    stopped = true
                    reachedEnd = position + 1 >= end
                }
            }
            if stopped { padding += 8 }
            buffer |= UInt64(byte) &<< UInt64(56 - count)
            count += 8
        }
    }

    /// Whether bits past the scan's data have been taken.
    var overran: Bool { padding > count }

    var overrunError: ImageDecodingError { reachedEnd ? JPEGErrors.endsEarly : JPEGErrors.corrupt }

    /// What a symbol that cannot be right means: data cut short when it came from the padding.
    var invalid: ImageDecodingError { overran ? overrunError : JPEGErrors.corrupt }

    @inline(__always) mutating func decode(_ table: JPEGHuffmanTable) throws(ImageDecodingError) -> Int {
        if count < 16 { refill() }
        let entry = table.fast[Int(truncatingIfNeeded: buffer &>> UInt64(64 - JPEGHuffmanTable.fastBits))]
        if entry != 0 {
            let length = Int(entry &>> 8)
            buffer &<<= UInt64(length)
            count -= length
            return Int(entry & 0xFF)
        }
        for length in (JPEGHuffmanTable.fastBits + 1)...16 {
            let code = Int32(truncatingIfNeeded: buffer &>> UInt64(64 - length))
            if code <= table.maxCode[length] {
                let index = Int(code + table.valueOffset[length])
                guard index >= 0, index < 256 else { break }
                buffer &<<= UInt64(length)
                count -= length
                return Int(table.symbols[index])
            }
        }
        throw invalid
    }

    /// `length` (1...16) bits as an unsigned number.
    @inline(__always) mutating func bits(_ length: Int) -> Int32 {
        if count < length { refill() }
        let value = Int32(truncatingIfNeeded: buffer &>> UInt64(64 - length))
        buffer &<<= UInt64(length)
        count -= length
        return value
    }

    /// `length` (1...16) bits as a signed coefficient (T.81 F.2.2.1, EXTEND).
    @inline(__always) mutating func signed(_ length: Int) -> Int32 {
        let value = bits(length)
        return value < 1 &<< (length - 1) ? value &- (1 &<< length) &+ 1 : value
    }

    /// Moves past the restart marker RSTn that must come next (T.81 E.2.4), dropping the
    /// padding bits before it.
    mutating func restart(expected n: Int) throws(ImageDecodingError) {
        if overran { throw overrunError }
        if !stopped {
            while position + 1 < end, !(data[position] == 0xFF && data[position + 1] != 0) { position += 1 }
        }
        while position + 1 < end, data[position + 1] == 0xFF { position += 1 }  // fill bytes
        guard position + 1 < end else { throw JPEGErrors.endsEarly }
        guard data[position + 1] == 0xD0 + UInt8(n) else { throw ImageDecodingError("JPEG restart marker is missing") }
        position += 2
        (buffer, count, padding, stopped, reachedEnd) = (0, 0, 0, false, false)
    }
}

enum JPEGScanKind { case sequential, dcFirst, dcRefine, acFirst, acRefine }

struct JPEGScanComponent {
    let component: JPEGComponent
    let dc: JPEGHuffmanTable?
    let ac: JPEGHuffmanTable?
}

/// One scan's parameters (T.81 B.2.3) and the decoding of its MCUs.
struct JPEGScan {
    let kind: JPEGScanKind
    let components: [JPEGScanComponent]
    /// Spectral selection and the successive-approximation bit position.
    let start: Int, end: Int, low: Int
    let mcusPerLine: Int, mcusPerColumn: Int
    let restartInterval: Int

    func decode(_ reader: inout JPEGBitReader) throws(ImageDecodingError) {
        var predictions = [Int32](repeating: 0, count: components.count)
        var endOfBandRun = 0
        var untilRestart = restartInterval
        var nextRestart = 0
        for mcuY in 0..<mcusPerColumn {
            for mcuX in 0..<mcusPerLine {
                if restartInterval > 0 {
                    if untilRestart == 0 {
                        try reader.restart(expected: nextRestart)
                        nextRestart = (nextRestart + 1) & 7
                        untilRestart = restartInterval
                        for i in predictions.indices { predictions[i] = 0 }
                        endOfBandRun = 0
                    }
                    untilRestart -= 1
                }
                if components.count == 1 {
                    let c = components[0]
                    let block = c.component.coefficients + (mcuY * c.component.blocksPerLine + mcuX) * 64
                    try decodeBlock(block, c, &predictions[0], &endOfBandRun, &reader)
                } else {
                    for i in components.indices {
                        let c = components[i], component = c.component
                        for y in 0..<component.v {
                            let row = (mcuY * component.v + y) * component.blocksPerLine + mcuX * component.h
                            for x in 0..<component.h {
                                try decodeBlock(component.coefficients + (row + x) * 64, c, &predictions[i], &endOfBandRun, &reader)
                            }
                        }
                    }
                }
                if reader.overran { throw reader.overrunError }
            }
        }
    }

    @inline(__always)
    func decodeBlock(_ block: UnsafeMutablePointer<Int16>, _ c: JPEGScanComponent, _ prediction: inout Int32,
                     _ endOfBandRun: inout Int, _ reader: inout JPEGBitReader) throws(ImageDecodingError) {
        switch kind {
        case .sequential:
            prediction = prediction &+ (try dcDifference(c.dc!, &reader))
            block[0] = Int16(truncatingIfNeeded: prediction)
            try decodeACSequential(block, c.ac!, &reader)
        case .dcFirst:
            prediction = prediction &+ (try dcDifference(c.dc!, &reader))
            block[0] = Int16(truncatingIfNeeded: prediction &<< Int32(low))
        case .dcRefine:
            if reader.bits(1) != 0 { block[0] |= Int16(truncatingIfNeeded: 1 << low) }
        case .acFirst:
            try decodeACFirst(block, c.ac!, &endOfBandRun, &reader)
        case .acRefine:
            try decodeACRefine(block, c.ac!, &endOfBandRun, &reader)
        }
    }

    @inline(__always)
    func dcDifference(_ table: JPEGHuffmanTable, _ reader: inout JPEGBitReader) throws(ImageDecodingError) -> Int32 {
        let length = try reader.decode(table)
        guard length != 0 else { return 0 }
        guard length <= 16 else { throw reader.invalid }
        return reader.signed(length)
    }

    /// The 63 AC coefficients of a sequential block: (zero run, size) symbols, then the value.
    @inline(__always)
    func decodeACSequential(_ block: UnsafeMutablePointer<Int16>, _ table: JPEGHuffmanTable,
                            _ reader: inout JPEGBitReader) throws(ImageDecodingError) {
        var k = 1
        while k < 64 {
            let symbol = try reader.decode(table)
            let (run, size) = (symbol >> 4, symbol & 15)
            if size == 0 {
                if run != 15 { return }  // end of block
                k += 16
                continue
            }
            k += run
            guard k < 64 else { throw reader.invalid }
            block[Int(JPEGZigZag.natural[k])] = Int16(truncatingIfNeeded: reader.signed(size))
            k += 1
        }
    }

    /// A progressive scan's first pass over a band (T.81 G.1.2.2): as sequential, scaled up
    /// by `low`, with runs of blocks whose band is all zero (EOBRUN).
    func decodeACFirst(_ block: UnsafeMutablePointer<Int16>, _ table: JPEGHuffmanTable, _ endOfBandRun: inout Int,
                       _ reader: inout JPEGBitReader) throws(ImageDecodingError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var k = start
        while k <= end {
            let symbol = try reader.decode(table)
            let (run, size) = (symbol >> 4, symbol & 15)
            if size == 0 {
                if run < 15 {
                    endOfBandRun = (1 << run) - 1 + (run > 0 ? Int(reader.bits(run)) : 0)
                    return
                }
                k += 16
                continue
            }
            k += run
            guard k <= end else { throw reader.invalid }
            block[Int(JPEGZigZag.natural[k])] = Int16(truncatingIfNeeded: reader.signed(size) &<< Int32(low))
            k += 1
        }
    }

    /// A later pass over a band (T.81 G.1.2.3): one more bit of each coefficient already
    /// nonzero, and new coefficients of magnitude 1 << low placed among the zero ones.
    func decodeACRefine(_ block: UnsafeMutablePointer<Int16>, _ table: JPEGHuffmanTable, _ endOfBandRun: inout Int,
                        _ reader: inout JPEGBitReader) throws(ImageDecodingError) {
        let plus = Int16(truncatingIfNeeded: 1 << low), minus = Int16(truncatingIfNeeded: -1 << low)
        var k = start
        if endOfBandRun == 0 {
            while k <= end {
                let symbol = try reader.decode(table)
                var run = symbol >> 4
                let size = symbol & 15
                var value: Int16 = 0
                if size == 0 {
                    if run < 15 {
                        endOfBandRun = (1 << run) + (run > 0 ? Int(reader.bits(run)) : 0)
                        break
                    }
                    // ZRL: sixteen zero coefficients go by (refining nonzero ones on the way).
                } else {
                    guard size == 1 else { throw reader.invalid }
                    value = reader.bits(1) != 0 ? plus : minus
                }
                // Skip `run` zero coefficients, refining the nonzero ones passed; the new value
                // (if any) goes in the zero coefficient after them.
                while k <= end {
                    let z = Int(JPEGZigZag.natural[k])
                    if block[z] != 0 {
                        refine(&block[z], plus, minus, &reader)
                    } else {
                        if run == 0 {
                            if value != 0 { block[z] = value }
                            k += 1
                            break
                        }
                        run -= 1
                    }
                    k += 1
                }
            }
        }
        if endOfBandRun > 0 {
            // This block is in an EOB run: only its nonzero coefficients get their next bit.
            while k <= end {
                let z = Int(JPEGZigZag.natural[k])
                if block[z] != 0 { refine(&block[z], plus, minus, &reader) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    @inline(__always)
    func refine(_ coefficient: inout Int16, _ plus: Int16, _ minus: Int16, _ reader: inout JPEGBitReader) {
        if reader.bits(1) != 0, coefficient & plus == 0 {
            coefficient = coefficient &+ (coefficient >= 0 ? plus : minus)
        }
    }
}
