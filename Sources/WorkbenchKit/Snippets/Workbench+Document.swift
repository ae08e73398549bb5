import Foundation

/// `json {…}` / `json @FILE`: a local document that `decode` reads instead of the last response body.
extension Workbench {
    /// `json {…}`: makes `text` (checked JSON) the current document and prints it like a body.
    public func json(_ text: String) throws(WorkbenchError) {
        let checked = try RequestBody.validatedJSON(text)
        useDocument(Data(checked.utf8))
    }

    /// `json @FILE`: makes the file's JSON the current document and prints it like a body.
    public func json(file path: String) throws(WorkbenchError) {
        let expanded = (path as NSString).expandingTildeInPath
        guard FileManager.default.fileExists(atPath: expanded) else { throw .fileNotFound(path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: expanded))
        } catch {
            throw .fileUnreadable(path, reason: (error as NSError).localizedDescription)
        }
        _ = try RequestBody.validatedJSON(String(decoding: data, as: UTF8.self))
        useDocument(data)
    }

    /// What `decode` reads: the document from `json(_:)` unless a request was sent after it,
    /// else the last response's body; nil before either.
    public var currentDocument: Data? {
        if let localDocument, localDocument.exchangeCount == exchanges.count { return localDocument.data }
        return lastExchange?.response.body
    }

    private func useDocument(_ data: Data) {
        defer { console.flush() }
        localDocument = (data, exchanges.count)
        let more = BodyRenderer.write(data, mimeType: "application/json", limit: bodyLines, to: console)
        if more > 0 { console.line(console.styled("… \(more) more lines", .dim)) }
    }
}
