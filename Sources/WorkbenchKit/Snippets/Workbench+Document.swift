import Foundation

/// `json {…}` / `json @FILE`: a local document that `decode` reads instead of the last response body.
extension Workbench {
    /// `json {…}`: makes `text` (checked JSON) the current document and says what it holds.
    public func json(_ text: String) throws(WorkbenchError) {
        let checked = try RequestBody.validatedJSON(text)
        useDocument(Data(checked.utf8))
    }

    /// `json @FILE`: makes the file's JSON the current document and says what it holds.
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

    /// Prints what the REPL's `json` prints: `current body: an object with 2 members (120 bytes)`.
    private func useDocument(_ data: Data) {
        defer { console.flush() }
        localDocument = (data, exchanges.count)
        guard let root = try? JSONDocument(parsing: data, options: .foundationCompatible).root else { return }
        let shape = switch root.kind {
        case .object: "an object with \(root.count) \(root.count == 1 ? "member" : "members")"
        case .array: "an array of \(root.count) \(root.count == 1 ? "element" : "elements")"
        default: root.kind.description
        }
        console.line("current body: \(shape) (\(data.count) bytes)")
    }
}
