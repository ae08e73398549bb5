/// The ways a terminal draws pictures, best first where a terminal has several.
public enum TerminalGraphics: String, CaseIterable, Codable, Sendable {
    /// The kitty graphics protocol.
    case kitty
    /// iTerm2's inline images.
    case iterm
    /// DEC sixels.
    case sixel
    /// Unicode half blocks in 24-bit colour: any terminal with true colour.
    case blocks
}

/// The terminal's size: in character cells, and a cell's size in pixels (a guess of 10×20 where
/// the terminal does not say).
public struct TerminalCanvas: Equatable, Codable, Sendable {
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int

    public init(columns: Int, rows: Int, cellWidth: Int = 10, cellHeight: Int = 20) {
        (self.columns, self.rows) = (max(columns, 2), max(rows, 3))
        (self.cellWidth, self.cellHeight) = (max(cellWidth, 1), max(cellHeight, 1))
    }
}

/// A PNG, JPEG or GIF drawn in a terminal: decoded, and shrunk to fit the terminal's width and
/// all but its last two rows (never enlarged), in the terminal's own protocol.
public enum TerminalPicture {
    /// The pixels of a PNG, JPEG or GIF (the first frame), known by their first bytes.
    public static func decode(_ file: [UInt8]) throws -> Pixels {
        if file.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGDecoder.decode(file) }
        if file.starts(with: [0xFF, 0xD8]) { return try JPEGDecoder.decode(file) }
        if file.starts(with: Array("GIF8".utf8)) { return try GIFDecoder.decode(file) }
        if file.count >= 12, file[8..<12].elementsEqual("WEBP".utf8) { throw ImageDecodingError("WebP is not drawn") }
        throw ImageDecodingError("not a PNG, JPEG or GIF")
    }

    /// The lines that draw `file` (without their line breaks). For kitty, iTerm2 and sixels that is
    /// one line holding the escape; the terminal moves the cursor below the picture itself.
    public static func lines(_ file: [UInt8], graphics: TerminalGraphics, canvas: TerminalCanvas) throws -> [String] {
        try lines(decode(file), file: file, graphics: graphics, canvas: canvas)
    }

    /// The lines that draw `image`, decoded from `file` (which iTerm2 is sent as it is).
    static func lines(_ image: Pixels, file: [UInt8], graphics: TerminalGraphics, canvas: TerminalCanvas) throws -> [String] {
        // One column is left free: a line that fills the last column leaves some terminals
        // waiting to wrap, and the line break after it would then leave an empty line.
        let columns = canvas.columns - 1, rows = canvas.rows - 2
        switch graphics {
        case .blocks:
            // A cell is one pixel wide and two tall.
            let size = image.fittingSize(maxWidth: columns, maxHeight: rows * 2)
            return HalfBlocks.lines(image.scaled(toWidth: size.width, height: size.height))
        case .kitty, .sixel, .iterm:
            let size = image.fittingSize(maxWidth: columns * canvas.cellWidth, maxHeight: rows * canvas.cellHeight)
            let cells = max(1, (size.width + canvas.cellWidth - 1) / canvas.cellWidth)
            switch graphics {
            case .kitty: return [KittyGraphics.escape(image.scaled(toWidth: size.width, height: size.height), columns: cells)]
            case .sixel: return [Sixel.escape(image.scaled(toWidth: size.width, height: size.height))]
            default: return [ITermImage.escape(file, columns: cells)]
            }
        }
    }
}
