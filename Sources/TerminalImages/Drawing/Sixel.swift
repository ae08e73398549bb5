/// An image as sixels (DEC's graphics, drawn by xterm -ti 340, foot, mlterm, WezTerm, Windows
/// Terminal, iTerm2): a palette, then bands six pixels tall, each band a run of characters per
/// colour whose six bits say which of the band's pixels take that colour.
enum Sixel {
    /// `ESC P 0;1;0 q`: pixels no colour covers (the transparent ones) keep the terminal's
    /// background; `"1;1;W;H` gives square pixels and the size.
    static func escape(_ image: Pixels) -> String {
        let palette = Palette(image)
        var output = Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
        for (index, colour) in palette.colours.enumerated() {
            output += Array("#\(index);2;\(percent(colour.red));\(percent(colour.green));\(percent(colour.blue))".utf8)
        }
        var masks = [[UInt8]](repeating: [], count: palette.colours.count)
        for top in stride(from: 0, to: image.height, by: 6) {
            var used: [Int] = []
            for bit in 0..<min(6, image.height - top) {
                for x in 0..<image.width {
                    guard let index = palette.index(image, x: x, y: top + bit) else { continue }
                    if masks[index].isEmpty {
                        masks[index] = [UInt8](repeating: 0, count: image.width)
                        used.append(index)
                    }
                    masks[index][x] |= 1 << bit
                }
            }
            for (order, index) in used.sorted().enumerated() {
                if order > 0 { output.append(UInt8(ascii: "$")) }  // back to the band's start
                output += Array("#\(index)".utf8)
                appendRuns(masks[index], to: &output)
                masks[index] = []
            }
            if top + 6 < image.height { output.append(UInt8(ascii: "-")) }  // the next band
        }
        output += Array("\u{1B}\\".utf8)
        return String(decoding: output, as: UTF8.self)
    }

    /// Each run of one sixel: `!COUNT` before it when it repeats more than three times (shorter
    /// than writing it out). Trailing empty sixels are left out.
    private static func appendRuns(_ mask: [UInt8], to output: inout [UInt8]) {
        let end = (mask.lastIndex { $0 != 0 } ?? -1) + 1
        var start = 0
        while start < end {
            var next = start + 1
            while next < end, mask[next] == mask[start] { next += 1 }
            let character = 0x3F + mask[start], count = next - start
            if count > 3 { output += Array("!\(count)".utf8) + [character] } else { output += Array(repeating: character, count: count) }
            start = next
        }
    }

    /// Sixel colours are percentages of each channel.
    private static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }

    /// The colours drawn: the image's own when it has at most 256 (most terminals' register
    /// count), else a 6×6×6 cube every colour is rounded into.
    struct Palette {
        private(set) var colours: [HalfBlocks.RGB] = []
        private var exact: [UInt32: Int]?

        init(_ image: Pixels) {
            var found: [UInt32: Int] = [:]
            var tooMany = false
            for index in stride(from: 0, to: image.rgba.count, by: 4) where image.rgba[index + 3] >= 128 {
                let key = UInt32(image.rgba[index]) << 16 | UInt32(image.rgba[index + 1]) << 8 | UInt32(image.rgba[index + 2])
                if found[key] == nil {
                    guard found.count < 256 else { tooMany = true; break }
                    found[key] = found.count
                    colours.append(HalfBlocks.RGB(red: image.rgba[index], green: image.rgba[index + 1], blue: image.rgba[index + 2]))
                }
            }
            if tooMany {
                colours = (0..<216).map { HalfBlocks.RGB(red: Self.level($0 / 36), green: Self.level($0 / 6 % 6), blue: Self.level($0 % 6)) }
            } else {
                exact = found
            }
        }

        /// The colour register for the pixel; nil for one less than half opaque.
        func index(_ image: Pixels, x: Int, y: Int) -> Int? {
            let (red, green, blue, alpha) = image.pixel(x: x, y: y)
            guard alpha >= 128 else { return nil }
            if let exact { return exact[UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)] }
            return Self.step(red) * 36 + Self.step(green) * 6 + Self.step(blue)
        }

        private static func step(_ value: UInt8) -> Int { (Int(value) * 5 + 127) / 255 }
        private static func level(_ step: Int) -> UInt8 { UInt8(step * 51) }
    }
}
