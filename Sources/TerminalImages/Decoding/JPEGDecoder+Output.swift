/// From coefficients to RGBA: dequantisation and the inverse DCT (T.81 A.3.3), chroma
/// upsampling, and the JFIF YCbCr → RGB conversion. Rounding and upsampling follow what
/// libjpeg(-turbo) does by default, so pictures match the reference decoder within a level or two.
enum JPEGOutput {
    static func render(_ frame: JPEGFrame) -> Pixels {
        let width = frame.width, height = frame.height
        let planes = frame.components.map(samples)
        defer { for plane in planes { plane.pointer.deallocate() } }
        let rowCapacity = width * frame.hMax + 16
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: rowCapacity * planes.count)
        defer { rows.deallocate() }

        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            let out = buffer.baseAddress!
            for y in 0..<height {
                var sources: [UnsafePointer<UInt8>] = []
                for (i, component) in frame.components.enumerated() {
                    let scratch = rows + i * rowCapacity
                    sources.append(row(y, of: component, planes[i], frame: frame, scratch: scratch))
                }
                let line = out + y * width * 4
                if sources.count == 1 {
                    grey(sources[0], line, width)
                } else if frame.isRGB {
                    rgb(sources[0], sources[1], sources[2], line, width)
                } else {
                    ycc(sources[0], sources[1], sources[2], line, width)
                }
            }
            initialized = width * height * 4
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    struct Plane {
        let pointer: UnsafeMutablePointer<UInt8>
        let stride: Int
    }

    /// A component's samples: each block that holds some of them dequantised and transformed.
    static func samples(_ component: JPEGComponent) -> Plane {
        let blocksWide = component.usedBlocksPerLine, blocksHigh = component.usedBlocksPerColumn
        let stride = blocksWide * 8
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * blocksHigh * 8)
        let quant = component.quant ?? [Int32](repeating: 0, count: 64)
        quant.withUnsafeBufferPointer { quant in
            let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
            defer { workspace.deallocate() }
            for by in 0..<blocksHigh {
                for bx in 0..<blocksWide {
                    let block = component.coefficients + (by * component.blocksPerLine + bx) * 64
                    inverseDCT(block, quant.baseAddress!, workspace, plane + by * 8 * stride + bx * 8, stride)
                }
            }
        }
        return Plane(pointer: plane, stride: stride)
    }

    // The 1-D inverse DCT below is T.81's sum split into even and odd coefficients, scaled
    // by √2 so the DC term needs no multiplication: x[n] ± x[7-n] come from the even part
    // (X0, X2, X4, X6) plus or minus the odd part (X1, X3, X5, X7). Constants are
    // √2·cos(kπ/16) in 13-bit fixed point; the first pass keeps 2 more bits than it needs.
    static let k1: Int32 = 11363, k2: Int32 = 10703, k3: Int32 = 9633
    static let k5: Int32 = 6436, k6: Int32 = 4433, k7: Int32 = 2260

    @inline(__always)
    static func inverseDCT(_ input: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>, _ work: UnsafeMutablePointer<Int32>,
                           _ output: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        // Columns: coefficients times their quantiser, into `work` scaled by 4.
        for c in 0..<8 {
            if input[8 + c] == 0, input[16 + c] == 0, input[24 + c] == 0, input[32 + c] == 0,
               input[40 + c] == 0, input[48 + c] == 0, input[56 + c] == 0 {
                let dc = (Int32(input[c]) &* quant[c]) &<< 2
                for r in 0..<8 { work[r * 8 + c] = dc }
                continue
            }
            var x = (Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0))
            x.0 = Int32(input[c]) &* quant[c]
            x.1 = Int32(input[8 + c]) &* quant[8 + c]
            x.2 = Int32(input[16 + c]) &* quant[16 + c]
            x.3 = Int32(input[24 + c]) &* quant[24 + c]
            x.4 = Int32(input[32 + c]) &* quant[32 + c]
            x.5 = Int32(input[40 + c]) &* quant[40 + c]
            x.6 = Int32(input[48 + c]) &* quant[48 + c]
            x.7 = Int32(input[56 + c]) &* quant[56 + c]
            let y = butterfly(x, rounding: 1 << 10)
            work[c] = y.0 &>> 11; work[8 + c] = y.1 &>> 11; work[16 + c] = y.2 &>> 11; work[24 + c] = y.3 &>> 11
            work[32 + c] = y.4 &>> 11; work[40 + c] = y.5 &>> 11; work[48 + c] = y.6 &>> 11; work[56 + c] = y.7 &>> 11
        }
        // Rows: down by 4 × 8 (the first pass's extra bits, the 2-D transform's 1/8), then +128.
        for r in 0..<8 {
            let w = work + r * 8, out = output + r * stride
            if w[1] == 0, w[2] == 0, w[3] == 0, w[4] == 0, w[5] == 0, w[6] == 0, w[7] == 0 {
                let value = UInt8(clamping: ((w[0] &+ 16) &>> 5) &+ 128)
                for i in 0..<8 { out[i] = value }
                continue
            }
            let y = butterfly((w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]), rounding: 1 << 17)
            out[0] = UInt8(clamping: (y.0 &>> 18) &+ 128); out[1] = UInt8(clamping: (y.1 &>> 18) &+ 128)
            out[2] = UInt8(clamping: (y.2 &>> 18) &+ 128); out[3] = UInt8(clamping: (y.3 &>> 18) &+ 128)
            out[4] = UInt8(clamping: (y.4 &>> 18) &+ 128); out[5] = UInt8(clamping: (y.5 &>> 18) &+ 128)
            out[6] = UInt8(clamping: (y.6 &>> 18) &+ 128); out[7] = UInt8(clamping: (y.7 &>> 18) &+ 128)
        }
    }

    typealias Eight = (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)

    /// One 1-D transform, results scaled by 2^13 with `rounding` already added.
    @inline(__always)
    static func butterfly(_ x: Eight, rounding: Int32) -> Eight {
        let a0 = ((x.0 &+ x.4) &<< 13) &+ rounding, a1 = ((x.0 &- x.4) &<< 13) &+ rounding
        let b0 = x.2 &* k2 &+ x.6 &* k6, b1 = x.2 &* k6 &- x.6 &* k2
        let e0 = a0 &+ b0, e3 = a0 &- b0, e1 = a1 &+ b1, e2 = a1 &- b1
        let o0 = x.1 &* k1 &+ x.3 &* k3 &+ x.5 &* k5 &+ x.7 &* k7
        let o1 = x.1 &* k3 &- x.3 &* k7 &- x.5 &* k1 &- x.7 &* k5
        let o2 = x.1 &* k5 &- x.3 &* k1 &+ x.5 &* k7 &+ x.7 &* k3
        let o3 = x.1 &* k7 &- x.3 &* k5 &+ x.5 &* k3 &- x.7 &* k1
        return (e0 &+ o0, e1 &+ o1, e2 &+ o2, e3 &+ o3, e3 &- o3, e2 &- o2, e1 &- o1, e0 &- o0)
    }

    /// Row `y` of the image for one component: its own samples when it is full size, else
    /// upsampled into `scratch`. Components halved across, down or both (and more than two
    /// samples wide) are interpolated with libjpeg's "fancy" triangle filter: each output sample
    /// ¾ its nearest input and ¼ the next nearest, with libjpeg's rounding. Other factors repeat samples.
    static func row(_ y: Int, of component: JPEGComponent, _ plane: Plane, frame: JPEGFrame,
                    scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        let across = frame.hMax / component.h, down = frame.vMax / component.v
        let width = component.sampleWidth, lastRow = component.sampleHeight - 1
        let near = plane.pointer + (y / down) * plane.stride
        // The next nearest row: above for the upper output row of a pair, below for the lower,
        // the edge row repeated past the top and bottom.
        let farRow = min(y % 2 == 0 ? max(y / 2 - 1, 0) : y / 2 + 1, lastRow)
        let far = plane.pointer + farRow * plane.stride
        switch (across, down) {
        case (1, 1):
            return UnsafePointer(near)
        case (2, 1) where width > 2:
            scratch[0] = near[0]
            for i in 0..<(width - 1) {
                let this = Int32(near[i]) &* 3, next = Int32(near[i + 1]) &* 3
                scratch[2 * i + 1] = UInt8(truncatingIfNeeded: (this &+ Int32(near[i + 1]) &+ 2) &>> 2)
                scratch[2 * i + 2] = UInt8(truncatingIfNeeded: (next &+ Int32(near[i]) &+ 1) &>> 2)
            }
            scratch[2 * width - 1] = near[width - 1]
        case (2, 2) where width > 2:
            var last = Int32(near[0]) &* 3 &+ Int32(far[0])
            var this = last
            scratch[0] = UInt8(truncatingIfNeeded: (this &* 4 &+ 8) &>> 4)
            for i in 0..<(width - 1) {
                let next = Int32(near[i + 1]) &* 3 &+ Int32(far[i + 1])
                if i > 0 { scratch[2 * i] = UInt8(truncatingIfNeeded: (this &* 3 &+ last &+ 8) &>> 4) }
                scratch[2 * i + 1] = UInt8(truncatingIfNeeded: (this &* 3 &+ next &+ 7) &>> 4)
                (last, this) = (this, next)
            }
            scratch[2 * width - 2] = UInt8(truncatingIfNeeded: (this &* 3 &+ last &+ 8) &>> 4)
            scratch[2 * width - 1] = UInt8(truncatingIfNeeded: (this &* 4 &+ 7) &>> 4)
        case (1, 2):
            let bias: Int32 = y % 2 == 0 ? 1 : 2
            for i in 0..<width {
                scratch[i] = UInt8(truncatingIfNeeded: (Int32(near[i]) &* 3 &+ Int32(far[i]) &+ bias) &>> 2)
            }
        default:
            for x in 0..<frame.width { scratch[x] = near[x / across] }
        }
        return UnsafePointer(scratch)
    }

    static func grey(_ luma: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ width: Int) {
        for x in 0..<width {
            let value = luma[x]
            out[4 * x] = value; out[4 * x + 1] = value; out[4 * x + 2] = value; out[4 * x + 3] = 255
        }
    }

    static func rgb(_ r: UnsafePointer<UInt8>, _ g: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                    _ out: UnsafeMutablePointer<UInt8>, _ width: Int) {
        for x in 0..<width {
            out[4 * x] = r[x]; out[4 * x + 1] = g[x]; out[4 * x + 2] = b[x]; out[4 * x + 3] = 255
        }
    }

    /// JFIF's YCbCr → RGB: R = Y + 1.402 (Cr − 128), G = Y − 0.34414 (Cb − 128) − 0.71414 (Cr − 128),
    /// B = Y + 1.772 (Cb − 128), in 16-bit fixed point rounded as libjpeg rounds.
    static func ycc(_ luma: UnsafePointer<UInt8>, _ blue: UnsafePointer<UInt8>, _ red: UnsafePointer<UInt8>,
                    _ out: UnsafeMutablePointer<UInt8>, _ width: Int) {
        for x in 0..<width {
            let l = Int32(luma[x]), cb = Int32(blue[x]) &- 128, cr = Int32(red[x]) &- 128
            let o = out + 4 * x
            o[0] = UInt8(clamping: l &+ ((91881 &* cr &+ 32768) &>> 16))
            o[1] = UInt8(clamping: l &+ ((-22554 &* cb &- 46802 &* cr &+ 32768) &>> 16))
            o[2] = UInt8(clamping: l &+ ((116130 &* cb &+ 32768) &>> 16))
            o[3] = 255
        }
    }
}
