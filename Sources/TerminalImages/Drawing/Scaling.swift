extension Pixels {
    /// The image at `width` × `height`, each new pixel the average of the pixels it covers (a box
    /// filter, which keeps thin lines and small text from vanishing as sampling one pixel would).
    /// Colours are averaged weighted by alpha, so a transparent pixel's colour does not darken an
    /// edge. An image already that size is returned as it is.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> Pixels {
        precondition(newWidth > 0 && newHeight > 0, "a scaled image has pixels")
        if newWidth == width && newHeight == height { return self }
        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let columnStarts = (0...newWidth).map { $0 * width / newWidth }
        let rowStarts = (0...newHeight).map { $0 * height / newHeight }
        rgba.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in 0..<newHeight {
                    let top = rowStarts[row], bottom = max(rowStarts[row + 1], top + 1)
                    for column in 0..<newWidth {
                        let left = columnStarts[column], right = max(columnStarts[column + 1], left + 1)
                        var (red, green, blue, alpha) = (0, 0, 0, 0)
                        for y in top..<bottom {
                            var index = (y * width + left) * 4
                            for _ in left..<right {
                                let weight = Int(source[index + 3])
                                red += Int(source[index]) * weight
                                green += Int(source[index + 1]) * weight
                                blue += Int(source[index + 2]) * weight
                                alpha += weight
                                index += 4
                            }
                        }
                        let at = (row * newWidth + column) * 4
                        let count = (bottom - top) * (right - left)
                        if alpha > 0 {
                            target[at] = UInt8((red + alpha / 2) / alpha)
                            target[at + 1] = UInt8((green + alpha / 2) / alpha)
                            target[at + 2] = UInt8((blue + alpha / 2) / alpha)
                        }
                        target[at + 3] = UInt8((alpha + count / 2) / count)
                    }
                }
            }
        }
        return Pixels(width: newWidth, height: newHeight, rgba: output)
    }

    /// The largest size with this image's proportions that is no wider than `maxWidth` and no
    /// taller than `maxHeight`, never larger than the image itself (a small image is not blown up).
    public func fittingSize(maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        var fitted = (width: min(width, max(maxWidth, 1)), height: 0)
        fitted.height = max(1, (height * fitted.width + width / 2) / width)
        if fitted.height > maxHeight, maxHeight > 0 {
            fitted.height = maxHeight
            fitted.width = max(1, (width * maxHeight + height / 2) / height)
        }
        return fitted
    }

    /// Whether every pixel is opaque: then a terminal can be sent colours alone.
    var isOpaque: Bool {
        stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
    }
}
