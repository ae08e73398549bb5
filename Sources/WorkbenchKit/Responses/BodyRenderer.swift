import Foundation

/// Turns a response body into the lines the user reads: JSON pretty-printed, text as text,
/// binary as its size and a hex preview (an image as its format and size); cut after `limit`
/// lines unless `limit` is nil.
public enum BodyRenderer {
    /// What a body looks like to the renderer.
    public enum Kind: Equatable, Sendable { case empty, json, text, binary }

    /// The body's kind; with `checkingJSON` false a JSON content type is trusted without a scan.
    public static func kind(of body: Data, mimeType: String?, checkingJSON: Bool = true) -> Kind {
        if body.isEmpty { return .empty }
        let mime = mimeType ?? ""
        if mime.containsText("json") { return !checkingJSON || isJSON(body) ? .json : textOrBinary(body) }
        if mime.hasPrefix("text/") || mime.containsText("xml") || mime.containsText("javascript")
            || mime == "application/x-www-form-urlencoded" {
            return textOrBinary(body)
        }
        if mime.isEmpty, let first = body.first(where: { !isWhitespace($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return isJSON(body) ? .json : textOrBinary(body)
        }
        return isBinaryType(mime) ? .binary : textOrBinary(body)
    }

    /// Types shown as hex even when their bytes happen to be text: images, audio, octet streams…
    /// but not XML of another type's name (an SVG image, `image/svg+xml`, is text).
    private static func isBinaryType(_ mime: String) -> Bool {
        !mime.isEmpty && !mime.hasPrefix("text/") && !mime.hasSuffix("+xml") && !(mime.hasPrefix("application/") && !mime.containsText("octet"))
    }

    /// Writes the body to `console` (JSON streamed through `JSONPrinter`; an image's picture drawn
    /// below its line at a terminal that draws it); returns the lines cut.
    @discardableResult
    public static func write(_ body: Data, mimeType: String?, limit: Int?, to console: Console) -> Int {
        // A cut print is collected first, so it needs no separate scan: a body that only claims
        // to be JSON fails in the printer and is shown as text instead.
        switch kind(of: body, mimeType: mimeType, checkingJSON: limit == nil) {
        case .empty:
            return 0
        case .json:
            let printer = JSONPrinter(layout: .pretty(indent: 2), theme: console.colors ? .standard : nil, lineLimit: limit)
            if limit != nil {
                var output: [UInt8] = []
                guard let summary = try? printer.format(body, into: &output) else {
                    return writeTextOrBinary(body, mimeType: mimeType, limit: limit, to: console)
                }
                // Drop the indentation the printer may have written for the first line it left out.
                while let last = output.last, last == UInt8(ascii: " ") { output.removeLast() }
                console.write(bytes: output)
                return summary.omittedLines
            }
            // Validated by `kind(of:)`, so the stream cannot stop half-way through.
            let summary = try? printer.format(body) { chunk in console.write(bytes: chunk) }
            return summary?.omittedLines ?? 0
        case .text, .binary:
            return writeTextOrBinary(body, mimeType: mimeType, limit: limit, to: console)
        }
    }

    private static func writeTextOrBinary(_ body: Data, mimeType: String?, limit: Int?, to console: Console) -> Int {
        guard textOrBinary(body) == .text, !(mimeType.map(isBinaryType) ?? false) else {
            let preview = hexPreview(body, mimeType: mimeType)
            switch ImageHeader(body) != nil ? console.picture(of: body) : nil {
            case .success(let picture)?:
                console.line(preview[0])
                console.writeTransient(picture.joined(separator: "\n") + "\n")
            case .failure(let error)?:
                console.line(preview[0] + " · not drawn: \(error)")
            case nil:
                for line in preview { console.line(line) }
            }
            return 0
        }
        let (lines, more) = cut(textLines(body), limit: limit)
        for line in lines { console.line(line) }
        return more
    }

    /// The body's lines as `write` prints them, and how many more were cut (`0` when all are shown).
    public static func lines(_ body: Data, mimeType: String?, limit: Int?, console: Console) -> (lines: [String], more: Int) {
        let capture = Console(capturingWithColors: console.colors)
        let more = write(body, mimeType: mimeType, limit: limit, to: capture)
        var text = capture.capturedText
        if text.hasSuffix("\n") { text.removeLast() }
        return (text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), more)
    }

    static func textLines(_ body: Data) -> [String] {
        var text = String(decoding: body, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// `binary · 256 B · application/octet-stream`, then up to 4 lines of 16 bytes in hex and ASCII
    /// (`HexRows`, which also writes them for a body shown as it arrives); an image (PNG, GIF, JPEG,
    /// WebP) is one line, `PNG image · 128×96 px · 2.1 KB · image/png`: its bytes say nothing to read.
    static func hexPreview(_ body: Data, mimeType: String?) -> [String] {
        let type = mimeType.map { " · \($0)" } ?? ""
        if let image = ImageHeader(body) { return ["\(image.description) · \(ByteSize.text(body.count))\(type)"] }
        var rows = HexRows()
        let text = rows.append(body) + rows.finish()
        return ["binary · \(ByteSize.text(body.count))\(type)"]
            + text.split(separator: "\n").map(String.init)
    }

    /// Whether a body that begins with `bytes` is shown as text rather than in hex, judged as
    /// `write` judges a whole body of text or binary; `bytes` may end inside a character.
    static func showsAsText(beginning bytes: [UInt8], mimeType: String?) -> Bool {
        if let mimeType, isBinaryType(mimeType) { return false }
        return textOrBinary(Data(bytes.dropLast(TextPieces.unfinishedTail(bytes)))) == .text
    }

    /// The line after a body cut at `set body-lines`: how many lines were left out, and for the
    /// last response how to see them (`body --all` shows only the last one).
    static func moreLinesNote(_ more: Int, isLast: Bool) -> String {
        "… \(more) more lines" + (isLast ? " · `body --all` shows them" : "")
    }

    static func cut(_ lines: [String], limit: Int?) -> (lines: [String], more: Int) {
        guard let limit, lines.count > limit else { return (lines, 0) }
        return (Array(lines.prefix(limit)), lines.count - limit)
    }

    private static func textOrBinary(_ body: Data) -> Kind {
        guard String(validating: body, as: UTF8.self) != nil else { return .binary }
        let controls = body.prefix(4096).filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return controls.isEmpty ? .text : .binary
    }

    private static func isJSON(_ body: Data) -> Bool {
        (try? JSONValidator.validate(body)) != nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
