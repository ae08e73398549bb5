import Foundation

/// `json {…}` / `json @FILE`: a local document that `decode` reads instead of the last response body.
extension Workbench {
    /// `json {…}`: makes `text` the current document and says what it holds. A document that is not
    /// valid JSON is kept as well, with a warning, so that `decode` reports exactly what JSONDecoder
    /// reports for it. (Declared `throws` so the `try wb.json(…)` of saved snippets stays as written.)
    public func json(_ text: String) throws(WorkbenchError) {
        useDocument(Data(text.utf8))
    }

    /// `json @FILE`: makes the file's bytes the current document and says what it holds (a file that
    /// is not valid JSON is kept too, with a warning).
    public func json(file path: String) throws(WorkbenchError) {
        useDocument(try readFile(path))
    }

    /// The bytes of the file at `path` (`~` expanded), if it is no larger than `max-body`: the
    /// size is checked before reading, so a huge file costs nothing.
    func readFile(_ path: String) throws(WorkbenchError) -> Data {
        let expanded = (path as NSString).expandingTildeInPath
        guard FileManager.default.fileExists(atPath: expanded) else { throw .fileNotFound(path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: expanded)[.size] as? Int) ?? nil
        if let size, size > options.maxResponseBytes {
            throw .fileTooLarge(path, size: size, limit: options.maxResponseBytes)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: expanded))
        } catch {
            throw .fileUnreadable(path, reason: (error as NSError).localizedDescription)
        }
    }

    /// What `decode` reads: the document from `json(_:)` unless a request was sent after it,
    /// else the last response's body; nil before either. The same object while it stays current,
    /// so its parses are made once.
    public var currentDocument: CurrentDocument? {
        if let localDocument, localDocument.exchangeCount == exchanges.count { return localDocument.document }
        guard let exchange = lastExchange else { return nil }
        if let responseDocument, responseDocument.exchangeNumber == exchange.number, responseDocument.count == exchanges.count {
            return responseDocument.document
        }
        let document = CurrentDocument(exchange.response.body)
        responseDocument = (exchange.number, exchanges.count, document)
        return document
    }

    /// What `json` prints about `data` — `current body: an object with 2 members (120 bytes)`, or for
    /// bytes that are not valid JSON a warning with the first error's line and column — and the
    /// document parsed when it is valid.
    public static func documentReport(_ data: Data, console: Console) -> (line: String, document: JSONDocument?) {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: data, options: .foundationCompatible)
        } catch {
            let warning = "not valid JSON (\(error)); kept as the current body, so `decode` reports what JSONDecoder reports"
            return (console.styled("warning:", .yellow) + " " + warning, nil)
        }
        let root = document.root
        let shape = switch root.kind {
        case .object: "an object with \(root.count) \(root.count == 1 ? "member" : "members")"
        case .array: "an array of \(root.count) \(root.count == 1 ? "element" : "elements")"
        default: root.kind.description
        }
        return ("current body: \(shape) (\(data.count) bytes)", document)
    }

    /// Prints what the REPL's `json` prints and makes `data` the current document.
    private func useDocument(_ data: Data) {
        defer { console.flush() }
        let report = Self.documentReport(data, console: console)
        // The parse made to describe it is the one `decode` and `infer` use.
        localDocument = (CurrentDocument(data, strict: report.document), exchanges.count)
        console.line(report.line)
    }
}
