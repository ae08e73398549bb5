/// zlib (RFC 1950) around DEFLATE (RFC 1951): the compression inside PNG's IDAT chunks.
///
/// Written for speed on whole images: the bits are read from a 64-bit buffer refilled eight bytes
/// at a time, Huffman codes up to `fastBits` long are decoded with one table look-up (longer ones,
/// rare, bit by bit), and the output is a raw buffer grown by doubling. Every write is checked
/// against the buffer and the caller's limit, and every back-reference against what was written.
enum Inflate {
    /// The decompressed bytes of a zlib stream, at most `limit` of them (more throws: a small
    /// stream can expand a thousandfold). The Adler-32 after the DEFLATE data is checked.
    static func zlib(_ bytes: [UInt8], limit: Int) throws(ImageDecodingError) -> [UInt8] {
        guard bytes.count >= 2 else { throw ImageDecodingError("zlib data ends early") }
        let cmf = Int(bytes[0]), flg = Int(bytes[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw ImageDecodingError("zlib data is not DEFLATE") }
        guard (cmf << 8 | flg) % 31 == 0 else { throw ImageDecodingError("bad zlib header") }
        // A preset dictionary is for protocols that share one; PNG forbids it.
        guard flg & 0x20 == 0 else { throw ImageDecodingError("zlib preset dictionary is not supported") }

        let inflater = Inflater(limit: limit, sizeHint: bytes.count)
        let end = try bytes.withUnsafeBufferPointer { (input) throws(ImageDecodingError) -> Int in
            try inflater.run(input, from: 2)
        }
        guard end + 4 <= bytes.count else { throw ImageDecodingError("zlib data ends early") }
        let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16
            | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
        // The buffer belongs to the inflater: it must outlive every read of it.
        return try withExtendedLifetime(inflater) { () throws(ImageDecodingError) -> [UInt8] in
            let output = UnsafeBufferPointer(start: inflater.out, count: inflater.outPos)
            guard adler32(output) == stored else { throw ImageDecodingError("bad zlib checksum") }
            return Array(output)
        }
    }

    /// RFC 1950's checksum: two sums modulo 65521, reduced only every 5552 bytes (the most that
    /// cannot overflow 32 bits).
    static func adler32(_ data: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < data.count {
            let end = min(index + 5552, data.count)
            while index < end {
                a &+= UInt32(data[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}

/// A canonical Huffman code ready for decoding. A table entry is what the decoder needs to act
/// on a symbol, packed in 32 bits: code length (bits 0–3, 0 = not in the fast table), kind
/// (bits 4–5: literal, length, end of block, invalid), extra bits (8–11) and value (16–31: the
/// literal byte or the base length or distance).
private final class Huffman {
    static var fastBits: Int { 10 }
    static var literal: UInt32 { 0 }
    static var length: UInt32 { 16 }
    static var endOfBlock: UInt32 { 32 }
    static var invalid: UInt32 { 48 }

    let fast = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << fastBits)
    /// How many codes each length (1…15) has, and the symbols sorted by code: for the slow path.
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: 16)
    let sorted = UnsafeMutablePointer<UInt16>.allocate(capacity: 288)
    /// Each symbol's entry without the code length.
    let entries: [UInt32]

    init(entries: [UInt32]) { self.entries = entries }
    deinit { fast.deallocate(); counts.deallocate(); sorted.deallocate() }

    /// Literal/length symbols: 0–255 bytes, 256 end of block, 257–285 lengths (RFC 1951, 3.2.5).
    static let literalLengthEntries: [UInt32] = (0..<288).map { symbol in
        if symbol < 256 { return literal | UInt32(symbol) << 16 }
        if symbol == 256 { return endOfBlock }
        if symbol >= 286 { return invalid }
        let index = symbol - 257
        let extra = index < 8 || index == 28 ? 0 : index / 4 - 1
        var base = 3
        for i in 0..<index { base += 1 << (i < 8 ? 0 : i / 4 - 1) }
        if index == 28 { base = 258 }
        return length | UInt32(extra) << 8 | UInt32(base) << 16
    }

    /// Distance symbols 0–29; 30 and 31 may appear in the fixed code but never in data.
    static let distanceEntries: [UInt32] = (0..<32).map { symbol in
        if symbol >= 30 { return invalid }
        let extra = symbol < 4 ? 0 : symbol / 2 - 1
        var base = 1
        for i in 0..<symbol { base += 1 << (i < 4 ? 0 : i / 2 - 1) }
        return length | UInt32(extra) << 8 | UInt32(base) << 16
    }

    /// Builds the code from each symbol's code length (0 = unused). An over-subscribed set of
    /// lengths throws; an incomplete one is allowed (a lone distance code is legal) and an unused
    /// code throws when it is met.
    func build(_ lengths: UnsafePointer<UInt8>, count: Int) throws(ImageDecodingError) {
        for length in 0..<16 { counts[length] = 0 }
        for symbol in 0..<count { counts[Int(lengths[symbol])] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1..<16 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw ImageDecodingError("bad Huffman code lengths") }
        }
        var offsets = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &offsets) { raw in
            let offset = raw.bindMemory(to: Int.self)
            for length in 1..<15 { offset[length + 1] = offset[length] + counts[length] }
            for symbol in 0..<count where lengths[symbol] != 0 {
                let length = Int(lengths[symbol])
                sorted[offset[length]] = UInt16(symbol)
                offset[length] += 1
            }
        }
        // Canonical codes in sorted order; the stream sends them high bit first, the bit reader
        // takes bits low first, so each short code fills every table slot that ends in its
        // reversed bits.
        fast.update(repeating: 0, count: 1 << Huffman.fastBits)
        var code = 0, index = 0
        for length in 1...Huffman.fastBits {
            for _ in 0..<counts[length] {
                var reversed = 0
                for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                let entry = entries[Int(sorted[index])] | UInt32(length)
                var slot = reversed
                while slot < 1 << Huffman.fastBits {
                    fast[slot] = entry
                    slot += 1 << length
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }
}

/// One decompression: the bit reader's state and the output buffer.
private final class Inflater {
    var bits: UInt64 = 0
    var bitCount = 0
    var inPos = 0
    /// Zero bytes fed to the bit buffer past the input's end: up to eight may be read ahead
    /// without being used; more means the stream ran past the end.
    var phantom = 0
    let limit: Int
    var out: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var outPos = 0
    let lengthsBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 320)
    lazy var fixedLiterals = Huffman(entries: Huffman.literalLengthEntries)
    lazy var fixedDistances = Huffman(entries: Huffman.distanceEntries)
    var fixedBuilt = false
    let dynamicLiterals = Huffman(entries: Huffman.literalLengthEntries)
    let dynamicDistances = Huffman(entries: Huffman.distanceEntries)
    /// The code that codes the dynamic codes' lengths: its entries hold just the symbol.
    let codeLengths = Huffman(entries: (0..<19).map { UInt32($0) << 16 })

    /// `slack` bytes past the limit let one whole match be written before the limit is checked.
    static var slack: Int { 258 }

    init(limit: Int, sizeHint: Int) {
        self.limit = max(0, min(limit, Int.max / 4))
        capacity = min(self.limit, max(sizeHint * 4, 1 << 15)) + Inflater.slack
        out = .allocate(capacity: capacity)
    }
    deinit { out.deallocate(); lengthsBuffer.deallocate() }

    func grow() {
        let newCapacity = min(capacity * 2, limit + Inflater.slack)
        let newOut = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newOut.update(from: out, count: outPos)
        out.deallocate()
        (out, capacity) = (newOut, newCapacity)
    }

    @inline(__always)
    func refill(_ input: UnsafeBufferPointer<UInt8>) throws(ImageDecodingError) {
        if inPos + 8 <= input.count {
            // Eight bytes at once; the bytes that do not fit are read again next time.
            let word = UnsafeRawPointer(input.baseAddress! + inPos).loadUnaligned(as: UInt64.self)
            bits |= UInt64(littleEndian: word) << UInt64(bitCount)
            inPos += (63 - bitCount) >> 3
            bitCount |= 56
            return
        }
        // Byte by byte near the end, to between 56 and 63 bits as above.
        while bitCount < 56 {
            if inPos < input.count {
                bits |= UInt64(input[inPos]) << UInt64(bitCount)
            } else {
                phantom += 1
                guard phantom <= 8 else { throw ImageDecodingError("DEFLATE data ends early") }
            }
            inPos += 1
            bitCount += 8
        }
    }

    @inline(__always)
    func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bits) & ((1 << count) - 1)
        bits >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Decodes the blocks from `start` and returns the offset of the first byte after them.
    func run(_ input: UnsafeBufferPointer<UInt8>, from start: Int) throws(ImageDecodingError) -> Int {
        inPos = start
        var final = false
        while !final {
            try refill(input)
            final = take(1) == 1
            switch take(2) {
            case 0: try storedBlock(input)
            case 1:
                if !fixedBuilt { try buildFixed() }
                try huffmanBlock(input, fixedLiterals, fixedDistances)
            case 2:
                try readDynamicCodes(input)
                try huffmanBlock(input, dynamicLiterals, dynamicDistances)
            default: throw ImageDecodingError("bad DEFLATE block type")
            }
        }
        // Bits consumed, rounded up to a byte: the zlib trailer starts there.
        let consumed = inPos * 8 - bitCount
        guard consumed <= input.count * 8 else { throw ImageDecodingError("DEFLATE data ends early") }
        return (consumed + 7) / 8
    }

    func buildFixed() throws(ImageDecodingError) {
        for i in 0..<288 { lengthsBuffer[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8 }
        try fixedLiterals.build(lengthsBuffer, count: 288)
        for i in 0..<32 { lengthsBuffer[i] = 5 }
        try fixedDistances.build(lengthsBuffer, count: 32)
        fixedBuilt = true
    }

    func storedBlock(_ input: UnsafeBufferPointer<UInt8>) throws(ImageDecodingError) {
        // Back up to the first whole byte not yet used and read the block from the input itself.
        let start = inPos - bitCount / 8
        (bits, bitCount, phantom) = (0, 0, 0)
        guard start + 4 <= input.count else { throw ImageDecodingError("DEFLATE data ends early") }
        let length = Int(input[start]) | Int(input[start + 1]) << 8
        let complement = Int(input[start + 2]) | Int(input[start + 3]) << 8
        guard length == complement ^ 0xFFFF else { throw ImageDecodingError("bad DEFLATE stored block length") }
        guard start + 4 + length <= input.count else { throw ImageDecodingError("DEFLATE data ends early") }
        guard outPos + length <= limit else { throw ImageDecodingError("decompressed data is too large") }
        while outPos + length > capacity { grow() }
        (out + outPos).update(from: input.baseAddress! + start + 4, count: length)
        outPos += length
        inPos = start + 4 + length
    }

    func readDynamicCodes(_ input: UnsafeBufferPointer<UInt8>) throws(ImageDecodingError) {
        try refill(input)
        let literalCount = take(5) + 257, distanceCount = take(5) + 1, codeLengthCount = take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw ImageDecodingError("bad DEFLATE code counts") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        for i in 0..<19 { lengthsBuffer[i] = 0 }
        for i in 0..<codeLengthCount {
            try refill(input)
            lengthsBuffer[order[i]] = UInt8(take(3))
        }
        try codeLengths.build(lengthsBuffer, count: 19)
        let total = literalCount + distanceCount
        var index = 0
        while index < total {
            try refill(input)
            let symbol = Int(try decodeSlowOrFast(codeLengths) >> 16)
            var repeatValue: UInt8 = 0, repeatCount = 0
            switch symbol {
            case 0..<16:
                lengthsBuffer[index] = UInt8(symbol)
                index += 1
                continue
            case 16:
                guard index > 0 else { throw ImageDecodingError("bad DEFLATE code lengths") }
                (repeatValue, repeatCount) = (lengthsBuffer[index - 1], 3 + take(2))
            case 17: repeatCount = 3 + take(3)
            default: repeatCount = 11 + take(7)
            }
            guard index + repeatCount <= total else { throw ImageDecodingError("bad DEFLATE code lengths") }
            for _ in 0..<repeatCount {
                lengthsBuffer[index] = repeatValue
                index += 1
            }
        }
        guard lengthsBuffer[256] != 0 else { throw ImageDecodingError("DEFLATE block has no end code") }
        try dynamicLiterals.build(lengthsBuffer, count: literalCount)
        try dynamicDistances.build(lengthsBuffer + literalCount, count: distanceCount)
    }

    @inline(__always)
    func decodeSlowOrFast(_ code: Huffman) throws(ImageDecodingError) -> UInt32 {
        let entry = code.fast[Int(truncatingIfNeeded: bits) & ((1 << Huffman.fastBits) - 1)]
        let length = Int(entry & 15)
        if length != 0 {
            bits >>= UInt64(length)
            bitCount -= length
            return entry
        }
        return try decodeSlow(code)
    }

    /// A code longer than the fast table's reach (or unused), one bit at a time (RFC 1951,
    /// 3.2.2: codes of one length are consecutive, each length's first code follows the last).
    @inline(never)
    func decodeSlow(_ code: Huffman) throws(ImageDecodingError) -> UInt32 {
        var value = 0, first = 0, index = 0
        for length in 1..<16 {
            value |= Int(truncatingIfNeeded: bits >> UInt64(length - 1)) & 1
            let count = code.counts[length]
            if value - first < count {
                bits >>= UInt64(length)
                bitCount -= length
                return code.entries[Int(code.sorted[index + value - first])]
            }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw ImageDecodingError("bad DEFLATE Huffman code")
    }

    /// The hot loop: literals and matches until the end-of-block code. Each pass refills once;
    /// 56 bits cover the longest literal/length code, its extra bits, a distance and its extra.
    func huffmanBlock(_ input: UnsafeBufferPointer<UInt8>, _ literals: Huffman, _ distances: Huffman) throws(ImageDecodingError) {
        let fastMask = (1 << Huffman.fastBits) - 1
        let literalTable = literals.fast, distanceTable = distances.fast
        while true {
            if bitCount < 48 { try refill(input) }
            if outPos + Inflater.slack > capacity { grow() }
            var entry = literalTable[Int(truncatingIfNeeded: bits) & fastMask]
            if entry & 15 != 0 {
                let length = Int(entry & 15)
                bits >>= UInt64(length)
                bitCount -= length
            } else {
                entry = try decodeSlow(literals)
            }
            switch entry & 48 {
            case Huffman.literal:
                guard outPos < limit else { throw ImageDecodingError("decompressed data is too large") }
                out[outPos] = UInt8(truncatingIfNeeded: entry >> 16)
                outPos += 1
                continue
            case Huffman.endOfBlock: return
            case Huffman.invalid: throw ImageDecodingError("bad DEFLATE length code")
            default: break
            }
            let matchLength = Int(entry >> 16) + take(Int(entry >> 8) & 15)
            var distanceEntry = distanceTable[Int(truncatingIfNeeded: bits) & fastMask]
            if distanceEntry & 15 != 0 {
                let length = Int(distanceEntry & 15)
                bits >>= UInt64(length)
                bitCount -= length
            } else {
                distanceEntry = try decodeSlow(distances)
            }
            guard distanceEntry & 48 != Huffman.invalid else { throw ImageDecodingError("bad DEFLATE distance code") }
            let distance = Int(distanceEntry >> 16) + take(Int(distanceEntry >> 8) & 15)
            guard distance <= outPos else { throw ImageDecodingError("bad DEFLATE distance") }
            guard outPos + matchLength <= limit else { throw ImageDecodingError("decompressed data is too large") }
            let destination = out + outPos, source = destination - distance
            if distance >= matchLength {
                destination.update(from: source, count: matchLength)
            } else {
                // Overlapping: the copy reads bytes it has just written (a run).
                for i in 0..<matchLength { destination[i] = source[i] }
            }
            outPos += matchLength
        }
    }
}
