import Foundation

/// `json {…}` / `json @FILE`: a local document that `decode` reads instead of the last response body.
extension Workbench {
    /// `json {…}`: makes `text` the current document and says what it holds. A document that is not
    /// valid JSON is kept as well, with a warning, so that `decode` reports exactly what JSONDecoder
    /// reports for it. (Declared `throws` so the `try wb.json(…)` of saved snippets stays as written.)
    public func json(_ text: String) throws(WorkbenchError) {
        useDocument(CurrentDocument(parsing: Data(text.utf8)))
    }

    /// `json @FILE`: makes the file's bytes the current document and says what it holds (a file that
    /// is not valid JSON is kept too, with a warning). With a `documentFolder` the file is copied
    /// there and mapped (`DocumentCopy`), else read into memory; either way its parse takes the
    /// bytes over, so a large document is held once. Where that read fails, Foundation's says why.
    ///
    /// An earlier input run again in the Swift host maps the copy the REPL read (`ExchangeRelay.
    /// recordedDocument`) and says nothing: its parse, made only to describe it, is left to `decode`.
    public func json(file path: String) throws(WorkbenchError) {
        if let relay = activeRelay, relay.isReplaying, let copy = relay.recordedDocument(path: path),
           let document = CurrentDocument.mappingShared(copy: copy) {
            localDocument = (document, exchanges.count)
            return
        }
        let expanded = try checkedFilePath(path)
        if let folder = documentFolder?(), let (document, copy) = CurrentDocument.copying(file: expanded, into: folder) {
            documentReads.append(DocumentRead(path: path, copy: copy))
            useDocument(document)
        } else if let document = CurrentDocument.reading(file: expanded) {
            documentReads.append(DocumentRead(path: path, copy: nil))
            useDocument(document)
        } else {
            let document = CurrentDocument(parsing: try readFile(path))
            documentReads.append(DocumentRead(path: path, copy: nil))
            useDocument(document)
        }
    }

    /// The bytes of the file at `path` (`~` expanded), if it is no larger than `max-body`: the
    /// size is checked before reading, so a huge file costs nothing.
    func readFile(_ path: String) throws(WorkbenchError) -> Data {
        let expanded = try checkedFilePath(path)
        do {
            return try Data(contentsOf: URL(fileURLWithPath: expanded))
        } catch {
            throw .fileUnreadable(path, reason: (error as NSError).localizedDescription)
        }
    }

    /// What `decode` reads: the document from `json(_:)` unless a request was sent after it,
    /// else the last WebSocket message if none was sent after it arrived, else the last response's body (an event stream's or NDJSON's values as an array,
    /// `StreamDocument`); nil before either. The same object while it stays current,
    /// so its parses are made once.
    public var currentDocument: CurrentDocument? {
        if let localDocument, localDocument.exchangeCount == exchanges.count { return localDocument.document }
        if let message = lastMessageDocument { return message }
        guard let exchange = lastExchange else { return nil }
        if let responseDocument, responseDocument.exchangeNumber == exchange.number, responseDocument.count == exchanges.count {
            return responseDocument.document
        }
        let response = exchange.response
        // An event stream or NDJSON body is many values: `decode` reads them as one array.
        let document = CurrentDocument(StreamDocument.jsonArray(of: response.body, mimeType: response.mimeType) ?? response.body)
        responseDocument = (exchange.number, exchanges.count, document)
        return document
    }

    /// `path` with `~` expanded, if the file exists, is not a folder and is no larger than
    /// `max-body`: the size is checked before reading, so a huge file costs nothing.
    private func checkedFilePath(_ path: String) throws(WorkbenchError) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder) else { throw .fileNotFound(path) }
        // Foundation's own read of a folder says only "NSCocoaErrorDomain error 256".
        if isFolder.boolValue { throw .fileUnreadable(path, reason: "it is a folder, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: expanded)[.size] as? Int) ?? nil
        if let size, size > options.maxResponseBytes {
            throw .fileTooLarge(path, size: size, limit: options.maxResponseBytes)
        }
        return expanded
    }

    /// What `json` prints about a document — `current body: an object with 2 members (120 bytes)`,
    /// or for bytes that are not valid JSON a warning with the first error's line and column.
    public static func documentReport(_ document: CurrentDocument, console: Console) -> String {
        let root: JSONNode
        switch document.strictResult {
        case .success(let parsed):
            root = parsed.root
        case .failure(let error):
            let warning = "not valid JSON (\(error)); kept as the current body, so `decode` reports what JSONDecoder reports"
            return console.styled("warning:", .yellow) + " " + warning
        }
        let shape = switch root.kind {
        case .object: "an object with \(root.count) \(root.count == 1 ? "member" : "members")"
        case .array: "an array of \(root.count) \(root.count == 1 ? "element" : "elements")"
        default: root.kind.description
        }
        return "current body: \(shape) (\(document.data.count) bytes)"
    }

    /// Prints what the REPL's `json` prints and makes `document` the current document (its strict
    /// parse, made to describe it, is the one `decode` and `infer` use).
    private func useDocument(_ document: CurrentDocument) {
        defer { console.flush() }
        localDocument = (document, exchanges.count)
        console.line(Self.documentReport(document, console: console))
    }
}
