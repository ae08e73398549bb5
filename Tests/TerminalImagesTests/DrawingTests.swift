import Foundation
import Testing
@testable import TerminalImages

/// The ways of drawing, each checked by reading what it wrote back into pixels: half blocks'
/// colours, kitty's base64 payload, sixels' bands. The 2×2 cases also pin each escape exactly,
/// as the protocols' specifications spell them.
@Suite struct DrawingTests {
    /// Red, green / blue, white.
    static let twoByTwo = Pixels(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])

    /// A gradient with a transparent corner and a half-transparent column: `width` × `height`.
    static func gradient(width: Int, height: Int) -> Pixels {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt8 = x + y < 3 ? 0 : x == width - 1 ? 100 : 255
                rgba += [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), UInt8((x * y) % 256), alpha]
            }
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    @Test("half blocks put the upper pixel in the foreground of ▀ and the lower in its background, one line per two rows")
    func halfBlocksOfTwoByTwo() {
        #expect(HalfBlocks.lines(Self.twoByTwo) == [
            "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[38;2;0;255;0m\u{1B}[48;2;255;255;255m▀\u{1B}[0m",
        ])
    }

    @Test("half blocks read back give each opaque pixel's colour, and leave pixels less than half opaque to the background")
    func halfBlocksReadBack() {
        for (width, height) in [(7, 13), (1, 1), (5, 2), (3, 4)] {
            let image = Self.gradient(width: width, height: height)
            let drawn = HalfBlockReading.pixels(HalfBlocks.lines(image), width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let (red, green, blue, alpha) = image.pixel(x: x, y: y)
                    let expected: [UInt8]? = alpha < 128 ? nil : [red, green, blue]
                    #expect(drawn[y][x] == expected, "(\(x), \(y)) of \(width)×\(height)")
                }
            }
        }
    }

    @Test("kitty's escape sends RGB (RGBA with transparency) in the payload, sized in pixels and placed over the columns given")
    func kittyEscape() throws {
        let escape = KittyGraphics.escape(Self.twoByTwo, columns: 1)
        #expect(escape == "\u{1B}_Ga=T,q=2,f=24,s=2,v=2,c=1,m=0;/wAAAP8AAAD/////\u{1B}\\")
        let transparent = Self.gradient(width: 40, height: 30)
        let pieces = KittyReading.pieces(KittyGraphics.escape(transparent, columns: 4))
        #expect(pieces.count == 2)  // 40 × 30 × 4 bytes are 6,400 base64 characters: 4,096 and the rest
        #expect(pieces[0].control == "a=T,q=2,f=32,s=40,v=30,c=4,m=1")
        #expect(pieces.dropFirst().map(\.control) == ["q=2,m=0"])
        #expect(pieces.dropLast().allSatisfy { $0.payload.count == 4096 })
        let payload = try #require(Data(base64Encoded: pieces.map(\.payload).joined()))
        #expect([UInt8](payload) == transparent.rgba)
    }

    @Test("sixels: the image's own colours as percentages, then each colour's run in a band of six rows")
    func sixelOfTwoByTwo() {
        #expect(Sixel.escape(Self.twoByTwo) == "\u{1B}P0;1;0q\"1;1;2;2#0;2;100;0;0#1;2;0;100;0#2;2;0;0;100#3;2;100;100;100"
            + "#0@$#1?@$#2A$#3?A\u{1B}\\")
    }

    @Test("sixels read back give each opaque pixel its colour's register, runs of one sixel written with !COUNT")
    func sixelReadBack() throws {
        var wide = Self.gradient(width: 30, height: 8)
        for x in 0..<30 { wide.rgba.replaceSubrange((x * 4)..<(x * 4 + 4), with: [9, 9, 9, 255]) }  // a long run on row 0
        #expect(Sixel.escape(wide).contains("#0!30@"))
        for image in [wide, Self.gradient(width: 7, height: 13)] {
            let escape = Sixel.escape(image)
            let read = try SixelReading.pixels(escape, width: image.width, height: image.height)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let (red, green, blue, alpha) = image.pixel(x: x, y: y)
                    let percent = { (value: UInt8) in (Int(value) * 100 + 127) / 255 }
                    #expect(read[y][x] == (alpha < 128 ? nil : [percent(red), percent(green), percent(blue)]), "(\(x), \(y))")
                }
            }
        }
    }

    @Test("an image of more than 256 colours is drawn in sixels from a 6×6×6 cube, each pixel the cube's nearest colour")
    func sixelCube() throws {
        var rgba: [UInt8] = []
        for index in 0..<400 { rgba += [UInt8(index % 256), UInt8(index / 2 % 256), UInt8(255 - index % 256), 255] }
        let image = Pixels(width: 20, height: 20, rgba: rgba)
        let read = try SixelReading.pixels(Sixel.escape(image), width: 20, height: 20)
        // The nearest of the cube's six levels (0, 51, … 255), as a sixel percentage.
        let level = { (value: UInt8) in ((Int(value) * 5 + 127) / 255 * 51 * 100 + 127) / 255 }
        for y in 0..<20 {
            for x in 0..<20 {
                let (red, green, blue, _) = image.pixel(x: x, y: y)
                #expect(read[y][x] == [level(red), level(green), level(blue)], "(\(x), \(y))")
            }
        }
    }

    @Test("iTerm2's escape carries the file itself, its size and the width in cells")
    func iTermEscape() {
        #expect(ITermImage.escape([1, 2, 3, 4], columns: 12) == "\u{1B}]1337;File=inline=1;size=4;width=12;preserveAspectRatio=1:AQIDBA==\u{07}")
    }

    @Test("scaling averages the pixels each new one covers, weighting colours by alpha")
    func scaling() {
        let image = Pixels(width: 4, height: 2, rgba: [
            0, 0, 0, 255, 200, 100, 0, 255, 10, 10, 10, 255, 255, 255, 255, 0,
            100, 100, 100, 255, 100, 0, 200, 255, 30, 30, 30, 255, 255, 255, 255, 0,
        ])
        let scaled = image.scaled(toWidth: 2, height: 1)
        #expect(scaled.rgba == [100, 50, 75, 255, 20, 20, 20, 128])
        #expect(image.scaled(toWidth: 4, height: 2) == image)
        let wide = Pixels(width: 200, height: 50, rgba: [UInt8](repeating: 255, count: 200 * 50 * 4))
        #expect(wide.fittingSize(maxWidth: 79, maxHeight: 76) == (79, 20))
        #expect(wide.fittingSize(maxWidth: 500, maxHeight: 500) == (200, 50))
        #expect(wide.fittingSize(maxWidth: 79, maxHeight: 10) == (40, 10))
    }

    @Test("a picture fits the terminal: half blocks one column short of its width and two rows short of its height")
    func fitting() throws {
        let image = Self.gradient(width: 300, height: 120)
        let lines = try TerminalPicture.lines(image, file: [], graphics: .blocks, canvas: TerminalCanvas(columns: 80, rows: 24))
        #expect(lines.count == 16)  // 79 columns wide is 32 pixels tall; at most 22 rows would be 44
        let tall = try TerminalPicture.lines(Self.gradient(width: 20, height: 200), file: [], graphics: .blocks,
                                             canvas: TerminalCanvas(columns: 80, rows: 24))
        #expect(tall.count == 22)
        let kitty = try TerminalPicture.lines(image, file: [], graphics: .kitty, canvas: TerminalCanvas(columns: 80, rows: 24, cellWidth: 8, cellHeight: 16))
        #expect(kitty.count == 1 && kitty[0].hasPrefix("\u{1B}_Ga=T,q=2,f=32,s=300,v=120,c=38,"))
    }
}
