import Foundation

/// An image in the kitty terminal graphics protocol (kitty, WezTerm, Ghostty, Konsole): the
/// pixels sent in an APC escape, base64 in pieces of at most 4096 bytes, placed at the cursor
/// over `columns` cells (the terminal keeps the proportions for the rows).
enum KittyGraphics {
    /// `a=T`: transmit and show at once; `q=2`: no reply, which would otherwise arrive as typed
    /// input at the prompt (every piece says it); `f=24`/`f=32`: RGB or RGBA bytes of `s` × `v` pixels.
    static func escape(_ image: Pixels, columns: Int) -> String {
        let opaque = image.isOpaque
        var bytes: [UInt8] = []
        bytes.reserveCapacity(image.width * image.height * (opaque ? 3 : 4))
        if opaque {
            for index in stride(from: 0, to: image.rgba.count, by: 4) { bytes += image.rgba[index..<index + 3] }
        } else {
            bytes = image.rgba
        }
        let data = Array(Data(bytes).base64EncodedString().utf8)
        let control = "a=T,q=2,f=\(opaque ? 24 : 32),s=\(image.width),v=\(image.height),c=\(columns),"
        var text = ""
        for start in stride(from: 0, to: data.count, by: 4096) {
            let end = min(start + 4096, data.count)
            text += "\u{1B}_G" + (start == 0 ? control : "q=2,") + "m=\(end < data.count ? 1 : 0);"
            text += String(decoding: data[start..<end], as: UTF8.self) + "\u{1B}\\"
        }
        return text
    }
}
