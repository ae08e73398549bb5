import Foundation

/// Half-block lines read back into pixels: each cell's `▀` (foreground above, background below),
/// `▄` (foreground below) or space, in the colours the escapes before it set. nil: no colour
/// (the terminal's background).
enum HalfBlockReading {
    static func pixels(_ lines: [String], width: Int, height: Int) -> [[[UInt8]?]] {
        var rows: [[[UInt8]?]] = []
        for line in lines {
            var (upper, lower): ([[UInt8]?], [[UInt8]?]) = ([], [])
            var foreground: [UInt8]?, background: [UInt8]?
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                    let codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";").compactMap { UInt8($0) }
                    switch codes.first {
                    case 0: (foreground, background) = (nil, nil)
                    case 38: foreground = Array(codes.dropFirst(2))
                    case 48: background = Array(codes.dropFirst(2))
                    default: break
                    }
                    rest = rest[rest.index(after: end)...]
                    continue
                }
                switch first {
                case "▀": upper.append(foreground); lower.append(background)
                case "▄": upper.append(nil); lower.append(foreground)
                default: upper.append(nil); lower.append(nil)
                }
                rest = rest.dropFirst()
            }
            rows.append(upper)
            rows.append(lower)
        }
        return Array(rows.prefix(height)).map { Array($0.prefix(width)) }
    }
}

/// A kitty graphics escape split into its pieces: each piece's control keys and base64 payload.
enum KittyReading {
    static func pieces(_ escape: String) -> [(control: String, payload: String)] {
        escape.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.map { piece in
            let body = piece.dropFirst(3)  // ESC _ G
            let semicolon = body.firstIndex(of: ";") ?? body.endIndex
            return (String(body[..<semicolon]), String(body[body.index(after: semicolon)...]))
        }
    }
}

/// A sixel escape read back into each pixel's colour as the percentages its register was given
/// (nil: no colour drew it).
enum SixelReading {
    struct Malformed: Error {}

    static func pixels(_ escape: String, width: Int, height: Int) throws -> [[[Int]?]] {
        guard escape.hasPrefix("\u{1B}P0;1;0q\"1;1;\(width);\(height)"), escape.hasSuffix("\u{1B}\\") else { throw Malformed() }
        var data = Array(escape.utf8.dropFirst("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8.count).dropLast(2))
        var palette: [Int: [Int]] = [:]
        var grid = [[[Int]?]](repeating: [[Int]?](repeating: nil, count: width), count: height)
        var (register, x, band, index) = (0, 0, 0, 0)
        func number() -> Int {
            var value = 0
            while index < data.count, (0x30...0x39).contains(data[index]) { value = value * 10 + Int(data[index] - 0x30); index += 1 }
            return value
        }
        data.append(0)  // an end no sixel character matches
        while index < data.count - 1 {
            let byte = data[index]
            index += 1
            switch byte {
            case UInt8(ascii: "#"):
                register = number()
                if data[index] == UInt8(ascii: ";") {
                    index += 1
                    guard number() == 2 else { throw Malformed() }
                    var colour: [Int] = []
                    for _ in 0..<3 { index += 1; colour.append(number()) }
                    palette[register] = colour
                }
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): (x, band) = (0, band + 1)
            case UInt8(ascii: "!"), 0x3F...0x7E:
                let count = byte == UInt8(ascii: "!") ? number() : 1
                let sixel = byte == UInt8(ascii: "!") ? data[index] : byte
                if byte == UInt8(ascii: "!") { index += 1 }
                for _ in 0..<count {
                    for bit in 0..<6 where Int(sixel - 0x3F) & (1 << bit) != 0 {
                        let y = band * 6 + bit
                        guard y < height, x < width else { throw Malformed() }
                        grid[y][x] = palette[register]
                    }
                    x += 1
                }
            default: throw Malformed()
            }
        }
        return grid
    }
}
