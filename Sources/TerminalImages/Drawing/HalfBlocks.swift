/// An image as Unicode half blocks in 24-bit colour: each character cell shows two pixels, the
/// upper as the foreground of `▀` and the lower as its background, so a cell's pixels are about
/// square. What any terminal with true colour draws; the other protocols are sharper.
enum HalfBlocks {
    /// One line per two pixel rows, each ending with the attributes reset. A pixel less than half
    /// opaque is left to the terminal's own background (a space, or the other half's block alone).
    static func lines(_ image: Pixels) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity((image.height + 1) / 2)
        for top in stride(from: 0, to: image.height, by: 2) {
            var line: [UInt8] = []
            line.reserveCapacity(image.width * 40)
            var current = Cell.Colours()
            for x in 0..<image.width {
                let upper = colour(image, x: x, y: top)
                let lower = top + 1 < image.height ? colour(image, x: x, y: top + 1) : nil
                let cell = Cell(upper: upper, lower: lower)
                if cell.colours != current {
                    line += cell.colours.escape
                    current = cell.colours
                }
                line += cell.character
            }
            line += Cell.reset
            lines.append(String(decoding: line, as: UTF8.self))
        }
        return lines
    }

    private static func colour(_ image: Pixels, x: Int, y: Int) -> RGB? {
        let (red, green, blue, alpha) = image.pixel(x: x, y: y)
        return alpha < 128 ? nil : RGB(red: red, green: green, blue: blue)
    }

    struct RGB: Equatable {
        let red, green, blue: UInt8
    }

    /// A character cell: the character and the colours it is drawn in.
    private struct Cell {
        struct Colours: Equatable {
            var foreground: RGB?
            var background: RGB?

            /// Sets exactly these colours: a reset first when either is the terminal's default.
            var escape: [UInt8] {
                var text = foreground == nil || background == nil ? "\u{1B}[0m" : ""
                if let foreground { text += "\u{1B}[38;2;\(foreground.red);\(foreground.green);\(foreground.blue)m" }
                if let background { text += "\u{1B}[48;2;\(background.red);\(background.green);\(background.blue)m" }
                return Array(text.utf8)
            }
        }

        static let upperHalf = Array("▀".utf8)
        static let lowerHalf = Array("▄".utf8)
        static let reset = Array("\u{1B}[0m".utf8)

        let colours: Colours
        let character: [UInt8]

        init(upper: RGB?, lower: RGB?) {
            switch (upper, lower) {
            case (let upper?, let lower):
                colours = Colours(foreground: upper, background: lower)
                character = Self.upperHalf
            case (nil, let lower?):
                colours = Colours(foreground: lower, background: nil)
                character = Self.lowerHalf
            case (nil, nil):
                colours = Colours()
                character = [0x20]
            }
        }
    }
}
