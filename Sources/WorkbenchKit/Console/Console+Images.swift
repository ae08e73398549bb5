import Foundation
import TerminalImages

/// How a console shows an image body (PNG, JPEG, GIF) below its one line: `set images`.
public enum ImageDisplay: Equatable, Sendable {
    /// The one line only: piped output, `set images off`, and a console without colours.
    case line
    /// Drawn the way the terminal says it draws, asked the first time a picture is shown.
    case detect
    /// Drawn in this protocol.
    case drawn(TerminalGraphics)

    /// `off`, `auto`, or a protocol's name, as `set images` and `WORKBENCH_IMAGES` spell them.
    public init?(_ name: String) {
        switch name {
        case "off": self = .line
        case "auto": self = .detect
        default:
            guard let graphics = TerminalGraphics(rawValue: name) else { return nil }
            self = .drawn(graphics)
        }
    }

    public var name: String {
        switch self {
        case .line: "off"
        case .detect: "auto"
        case .drawn(let graphics): graphics.rawValue
        }
    }
}

extension Console {
    /// The lines that draw the image `body` holds at this terminal, or why it cannot be drawn;
    /// nil where pictures are not drawn (not a terminal, no colours, `set images off`). They are
    /// written as transient output: the mirror and copies (a CI report, a handout) keep the line.
    func picture(of body: Data) -> Result<[String], ImageDecodingError>? {
        guard isTerminal, colors, let graphics = resolvedGraphics() else { return nil }
        do {
            return .success(try TerminalPicture.lines(Array(body), graphics: graphics, canvas: canvas))
        } catch let error as ImageDecodingError {
            return .failure(error)
        } catch {
            return .failure(ImageDecodingError("\(error)"))
        }
    }

    /// Asks the terminal now, if `set images auto` has not asked it yet: before compiled Swift that
    /// draws (`show image`), whose Swift host cannot ask the terminal itself.
    public func askForGraphics() {
        if isTerminal, colors { _ = resolvedGraphics() }
    }

    /// The protocol pictures are drawn in, asking the terminal the first time `set images auto`
    /// needs it (nil: the one line only).
    private func resolvedGraphics() -> TerminalGraphics? {
        switch imageDisplay {
        case .line: return nil
        case .drawn(let graphics): return graphics
        case .detect:
            if let detectedGraphics { return detectedGraphics }
            flush()  // what the command printed so far shows before the terminal is asked
            let graphics = graphicsDetector?() ?? .blocks
            detectedGraphics = graphics
            return graphics
        }
    }

    /// The terminal's size now (its window size, read each time: it may have been resized), or
    /// the size given for a console whose output is shown on another's terminal (the Swift host's).
    public var canvas: TerminalCanvas {
        if let canvasOverride { return canvasOverride }
        var size = winsize()
        guard let fileDescriptor = outputDescriptor, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return TerminalCanvas(columns: 80, rows: 24)
        }
        let cellWidth = size.ws_xpixel > 0 ? Int(size.ws_xpixel) / Int(size.ws_col) : 10
        let cellHeight = size.ws_ypixel > 0 && size.ws_row > 0 ? Int(size.ws_ypixel) / Int(size.ws_row) : 20
        return TerminalCanvas(columns: Int(size.ws_col), rows: Int(size.ws_row), cellWidth: cellWidth, cellHeight: cellHeight)
    }
}
