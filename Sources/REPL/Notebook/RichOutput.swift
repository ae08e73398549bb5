import Foundation
import WorkbenchKit

/// What a notebook shows for an input besides the text the prompt prints: a response's JSON body,
/// which JupyterLab draws as a tree it can fold, or a decoded array of models as a table.
public enum RichOutput: Sendable {
    /// The body's bytes, valid JSON (an object or an array), for `application/json`.
    case json(Data)
    /// A decoded array of models as an HTML table: a column per property, each value as `print`
    /// prints it, the first `ModelTable.rowLimit` rows and a line saying how many more.
    case html(String)
    /// An image body: its type as its bytes show it (`image/png`, `image/jpeg`, `image/gif`,
    /// `image/webp`, `image/svg+xml`) and the bytes, which JupyterLab draws.
    case image(mimeType: String, data: Data)

    /// The largest body given as JSON too: a frontend draws a tree of every node it is given.
    static let largestJSON = 5_000_000

    /// The largest image given to draw.
    static let largestImage = 10_000_000

    /// A JSON body (`application/json`, `…+json`) that parses to an object or array, or an image
    /// body whose bytes are the image its type says; nil for anything else.
    init?(_ response: Response) {
        if let type = response.mimeType, type.hasPrefix("image/") {
            guard response.body.count <= Self.largestImage, let kind = Self.imageKind(of: response.body, declared: type) else { return nil }
            self = .image(mimeType: kind, data: response.body)
            return
        }
        guard let type = response.mimeType, type == "application/json" || type.hasSuffix("+json"),
              response.body.count <= Self.largestJSON,
              let first = response.body.first(where: { !" \t\r\n".utf8.contains($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
              (try? JSONValidator.validate(response.body)) != nil else { return nil }
        self = .json(response.body)
    }

    /// The image type `body`'s first bytes show (a server's `Content-Type` can be wrong): PNG's,
    /// JPEG's, GIF's and WebP's signatures, or an `<svg` element for a body declared SVG.
    static func imageKind(of body: Data, declared: String) -> String? {
        let start = [UInt8](body.prefix(12))
        if start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if start.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if start.starts(with: Array("GIF87a".utf8)) || start.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if start.count == 12, start.starts(with: Array("RIFF".utf8)), start[8...] == ArraySlice("WEBP".utf8) { return "image/webp" }
        // Decoded leniently: the 4096th byte may fall inside a character.
        if declared == "image/svg+xml", String(decoding: body.prefix(4096), as: UTF8.self).contains("<svg") { return "image/svg+xml" }
        return nil
    }
}

/// Told of each input a notebook cell runs (the kernel's session).
@MainActor
public protocol NotebookCellObserver: AnyObject {
    /// An input starts; `mayBeRich` when its output may have another form (a request, a decode).
    func inputStarting(mayBeRich: Bool)
    /// It ended; `rich` is its output's other form, when it has one.
    func inputEnded(rich: RichOutput?)
}
