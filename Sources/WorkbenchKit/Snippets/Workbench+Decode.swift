import Foundation

/// `decode TYPE [--keys snake] [--dates …] [--at PATH]` for compiled snippets: Foundation's JSONDecoder.
extension Workbench {
    /// Decodes the current document (or its value at `path`) as `T` with JSONDecoder and prints
    /// what the REPL prints: a summary line (`[Post] · 10 values`), then `print(value)`'s text.
    ///
    /// `file` is only read for the caller's module name, which Swift strips from type names.
    @discardableResult
    public func decode<T: Decodable>(
        _ type: T.Type, keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dates: JSONDecoder.DateDecodingStrategy = .deferredToDate, at path: String? = nil, frame: Int? = nil,
        file: String = #fileID
    ) throws -> T {
        defer { console.flush() }
        let document = try decodedDocument(frame: frame)
        var data = document.data
        if let path, !path.isEmpty { data = try Self.value(at: path, in: document) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        // An earlier input run again shows nothing: describing thousands of values is not free. It
        // decodes an array a run of elements at a time (Workbench+DecodeInRuns.swift); an error
        // there decodes the whole document, for JSONDecoder's own error.
        if activeRelay?.isReplaying == true {
            let releasing = document.isSharedCopy && (path ?? "").isEmpty
            if let value = try? Self.decodeInRuns(T.self, from: data, with: decoder, releasingPages: releasing) { return value }
            return try decoder.decode(T.self, from: data)
        }
        let value = try decoder.decode(T.self, from: data)
        let module = String(file.prefix { $0 != "/" })
        let typeName = SwiftTypeName.readable(String(reflecting: T.self), dropping: module)
        let described = DecodedValueReport.Counted(value)
        let elements = console.isTerminal ? (value as Any as? [Any])?.map { String(reflecting: $0) } : nil
        showDecoded(DecodedValueReport(typeName: typeName, count: described.count, text: String(describing: value), elements: elements))
        return value
    }

    /// A `DateFormatter` for `dates: .formatted(…)`: `format` read in `en_US_POSIX`, UTC.
    public static func dateFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return formatter
    }

    /// Prints a decoded value the way `decode` does (replay calls this with its own values).
    public func showDecoded(_ report: DecodedValueReport) {
        show(report, summary: report.summary)
    }

    /// Prints a value the way the prompt shows an expression's result: `label: TYPE`, then the value.
    public func showValue(_ report: DecodedValueReport, label: String) {
        shownValues.append(label)
        show(report, summary: "\(label): \(report.typeName)")
    }

    private func show(_ report: DecodedValueReport, summary: String) {
        defer { console.flush() }
        console.line(console.styled(summary, .dim))
        guard console.isTerminal && cutsLongValues else {
            report.writeText { console.write($0) }
            console.line()
            return
        }
        let (text, cut) = report.text(limit: DecodedValueReport.terminalLimit)
        console.line(text)
        if cut { console.line(console.styled("(cut on a terminal: add --all, or pipe the output, to see everything)", .dim)) }
    }

    /// The JSON text of the value at `path` (as `JSONNode.node(at:)` reads it), byte for byte.
    static func value(at path: String, in current: CurrentDocument) throws -> Data {
        // JSONDecoder reports invalid JSON itself; a path into it can only be "not valid JSON". Malformed
        // strings and numbers are copied as written, for JSONDecoder to refuse only if it reads them.
        guard let document = current.forDecoding else { return current.data }
        let node = try document.root.node(at: path)
        var output: [UInt8] = []
        node.writeJSON(into: &output)
        return Data(output)
    }
}
