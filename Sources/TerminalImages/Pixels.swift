/// A decoded image: 8-bit red, green, blue and alpha for each pixel, rows from the top, each
/// row from the left. What every decoder here gives and every way of drawing takes.
public struct Pixels: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "rgba holds width × height pixels")
        (self.width, self.height, self.rgba) = (width, height, rgba)
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 4
        return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }
}

/// Why an image could not be decoded, in a phrase that fits after "cannot draw the image: "
/// (`CMYK JPEG is not drawn`, `PNG data ends early`).
public struct ImageDecodingError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
