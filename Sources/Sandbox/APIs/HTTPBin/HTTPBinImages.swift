import CZlib
import Foundation

/// `/image/png`, `/image/jpeg`, `/image/webp` and `/image/svg`, and `/image` choosing one by
/// `Accept`, as httpbin serves its images: the picture is the sandbox's own (a landscape: sky,
/// sun, two hills), the same bytes on every run. PNG and SVG are drawn here; the JPEG and WebP are
/// that picture encoded by scripts/make_sandbox_images.py (resources in `Data/images/`).
enum HTTPBinImages {
    static let width = 128
    static let height = 96

    static func respond(_ request: SandboxRequest) -> SandboxResponse {
        let path = request.apiSegments
        switch path.count == 2 ? path[1] : nil {
        case "png": return png
        case "svg": return svg
        case "jpeg": return resource("landscape.jpg", type: "image/jpeg")
        case "webp": return resource("landscape.webp", type: "image/webp")
        case nil where path.count == 1:
            // httpbin's order: the first kind the client accepts of those it serves; PNG without an Accept.
            guard let accept = request.header("Accept")?.lowercased() else { return png }
            if accept.contains("image/webp") { return resource("landscape.webp", type: "image/webp") }
            if accept.contains("image/svg+xml") { return svg }
            if accept.contains("image/jpeg") { return resource("landscape.jpg", type: "image/jpeg") }
            if accept.contains("image/png") || accept.contains("image/*") { return png }
            let accepted = ["image/webp", "image/svg+xml", "image/jpeg", "image/png", "image/*"]
            let message = JSONValue.object([("message", .string("Client did not request a supported media type.")),
                                            ("accept", .array(accepted.map { .string($0) }))])
            return SandboxResponse(status: 406, headers: [("Content-Type", "application/json")], body: .bytes(message.rendered(pretty: true) + [0x0A]))
        default: return HTTPBinAPI.notFound
        }
    }

    static let png = SandboxResponse(headers: [("Content-Type", "image/png")], body: .bytes(pngBytes))
    static let svg = SandboxResponse(headers: [("Content-Type", "image/svg+xml")], body: .bytes(Array(svgText.utf8)))

    private static func resource(_ name: String, type: String) -> SandboxResponse {
        do {
            return SandboxResponse(headers: [("Content-Type", type)], body: .bytes(try SandboxDataFile.bytes("images/" + name)))
        } catch {
            return error.response
        }
    }

    /// The picture's colour at (x, y): what both forms draw.
    static func colour(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let (fx, fy) = (Double(x), Double(y))
        if (fx - 92) * (fx - 92) + (fy - 28) * (fy - 28) <= 14 * 14 { return (0xFF, 0xC8, 0x3D) }  // the sun
        if fy >= 70 + 14 * cos((fx - 30) / 20) { return (0x3C, 0x8D, 0x2F) }  // the near hill
        if fy >= 58 + 10 * cos((fx - 90) / 16) { return (0x6B, 0xAF, 0x4F) }  // the far hill
        let t = fy / Double(height)  // the sky, lighter towards the horizon
        return (UInt8(0x4A + 0x70 * t), UInt8(0x90 + 0x50 * t), UInt8(0xE2 + 0x1A * t))
    }

    /// A PNG (RGB, 8 bits a channel) of the picture: signature, IHDR, one IDAT, IEND.
    static let pngBytes: [UInt8] = {
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(0)  // each scanline's filter: none
            for x in 0..<width {
                let (red, green, blue) = colour(x: x, y: y)
                rows += [red, green, blue]
            }
        }
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // depth 8, RGB, deflate, adaptive filtering, no interlace
        let data = (try? Gzip.compress(rows, zlibWrapper: true)) ?? []
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
    }()

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The same picture as SVG: the sky's gradient, the sun, the hills as paths along the same curves.
    static let svgText: String = {
        func hill(base: Double, height: Double, centre: Double, period: Double) -> String {
            let points = stride(from: 0, through: width, by: 4).map { x in
                String(format: "%d,%.1f", x, base + height * cos((Double(x) - centre) / period))
            }
            return "M0,\(Self.height) L" + points.joined(separator: " L") + " L\(width),\(Self.height) Z"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
              <title>A landscape drawn by the Workbench sandbox</title>
              <defs>
                <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0" stop-color="#4A90E2"/>
                  <stop offset="1" stop-color="#BAE0FC"/>
                </linearGradient>
              </defs>
              <rect width="\(width)" height="\(height)" fill="url(#sky)"/>
              <circle cx="92" cy="28" r="14" fill="#FFC83D"/>
              <path d="\(hill(base: 58, height: 10, centre: 90, period: 16))" fill="#6BAF4F"/>
              <path d="\(hill(base: 70, height: 14, centre: 30, period: 20))" fill="#3C8D2F"/>
            </svg>

            """
    }()
}
