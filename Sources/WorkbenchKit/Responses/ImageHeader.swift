import Foundation

/// An image body's format and pixel size, read from its header as the formats' specifications
/// place them: PNG's IHDR chunk, GIF's logical screen, JPEG's first start-of-frame segment, and
/// WebP's VP8, VP8L or VP8X chunk. A body shows as one line of these rather than a hex dump.
struct ImageHeader: Equatable {
    let format: String
    let width: Int
    let height: Int

    /// nil for a body that is none of these formats, or whose header is cut short.
    init?(_ body: Data) {
        let bytes = Bytes(body)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.ascii(12, 4) == "IHDR", let width = bytes.bigEndian(16, 4), let height = bytes.bigEndian(20, 4) else { return nil }
            self.init(format: "PNG", sized: width, height)
        } else if bytes.ascii(0, 6) == "GIF87a" || bytes.ascii(0, 6) == "GIF89a" {
            guard let width = bytes.littleEndian(6, 2), let height = bytes.littleEndian(8, 2) else { return nil }
            self.init(format: "GIF", sized: width, height)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            guard let (width, height) = Self.jpegFrame(bytes) else { return nil }
            self.init(format: "JPEG", sized: width, height)
        } else if bytes.ascii(0, 4) == "RIFF", bytes.ascii(8, 4) == "WEBP" {
            guard let (width, height) = Self.webPCanvas(bytes) else { return nil }
            self.init(format: "WebP", sized: width, height)
        } else {
            return nil
        }
    }

    init(format: String, width: Int, height: Int) {
        (self.format, self.width, self.height) = (format, width, height)
    }

    /// nil for a size of 0, which a header may leave for later (a JPEG's DNL marker): no size to say.
    private init?(format: String, sized width: Int, _ height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.init(format: format, width: width, height: height)
    }

    /// `PNG image · 128×96 px`.
    var description: String { "\(format) image · \(width)×\(height) px" }

    /// The size a JPEG's first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) gives, found
    /// by walking the segments from the start; nil when the scan starts first.
    private static func jpegFrame(_ bytes: Bytes) -> (Int, Int)? {
        var offset = 2
        while let marker = bytes[offset], marker == 0xFF, let kind = bytes[offset + 1] {
            // Fill bytes (0xFF) before a marker, and markers without a segment (RST0-7, TEM).
            if kind == 0xFF { offset += 1; continue }
            if (0xD0...0xD7).contains(kind) || kind == 0x01 { offset += 2; continue }
            guard kind != 0xDA, kind != 0xD9, let length = bytes.bigEndian(offset + 2, 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(kind), ![0xC4, 0xC8, 0xCC].contains(kind) {
                guard let height = bytes.bigEndian(offset + 5, 2), let width = bytes.bigEndian(offset + 7, 2) else { return nil }
                return (width, height)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The canvas of a WebP file's first chunk: VP8X's, or the frame size of a VP8 or VP8L bitstream.
    private static func webPCanvas(_ bytes: Bytes) -> (Int, Int)? {
        switch bytes.ascii(12, 4) {
        case "VP8X":
            guard let width = bytes.littleEndian(24, 3), let height = bytes.littleEndian(27, 3) else { return nil }
            return (width + 1, height + 1)
        case "VP8L":
            // After the signature 0x2F, 14 bits of width - 1 and 14 of height - 1, least significant first.
            guard bytes[20] == 0x2F, let packed = bytes.littleEndian(21, 4) else { return nil }
            return ((packed & 0x3FFF) + 1, ((packed >> 14) & 0x3FFF) + 1)
        case "VP8 ":
            // A key frame's start code, then the width and height in 14 bits each (2 bits of scale above).
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A,
                  let width = bytes.littleEndian(26, 2), let height = bytes.littleEndian(28, 2) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        default:
            return nil
        }
    }

    /// A body's bytes by offset from its start, nil past its end.
    private struct Bytes {
        let data: Data

        init(_ data: Data) { self.data = data }

        subscript(offset: Int) -> UInt8? {
            offset >= 0 && offset < data.count ? data[data.startIndex + offset] : nil
        }

        func starts(with prefix: [UInt8]) -> Bool { data.starts(with: prefix) }

        func ascii(_ offset: Int, _ count: Int) -> String? {
            guard offset + count <= data.count else { return nil }
            return String(decoding: data[(data.startIndex + offset)..<(data.startIndex + offset + count)], as: UTF8.self)
        }

        func bigEndian(_ offset: Int, _ count: Int) -> Int? {
            (0..<count).reduce(Optional(0)) { value, index in value.flatMap { value in self[offset + index].map { value << 8 | Int($0) } } }
        }

        func littleEndian(_ offset: Int, _ count: Int) -> Int? {
            (0..<count).reversed().reduce(Optional(0)) { value, index in value.flatMap { value in self[offset + index].map { value << 8 | Int($0) } } }
        }
    }
}
