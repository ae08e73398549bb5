import Foundation

/// Streams JSON bytes to pretty-printed (or compact) JSON in one pass, without building a document.
///
/// Key order, number text and string text (escapes included) are kept exactly as received; empty
/// containers print as `{}` and `[]`. Invalid input throws the same `JSONSyntaxError` as
/// `JSONDocument`, so a caller can fall back to showing the body as text.
public struct JSONPrinter: Sendable {
    /// How values are laid out.
    public enum Layout: Sendable, Equatable {
        /// One value or member per line, nested levels indented by `indent` spaces.
        case pretty(indent: Int)
        /// No whitespace at all (minified).
        case compact
    }

    public var layout: Layout
    /// Colours for keys, strings, numbers and literals; nil (the default) prints no escape sequences.
    public var theme: JSONTheme?
    /// Stop writing after this many lines (the rest is still validated and counted); nil: no limit.
    public var lineLimit: Int?

    public init(layout: Layout = .pretty(indent: 2), theme: JSONTheme? = nil, lineLimit: Int? = nil) {
        self.layout = layout
        self.theme = theme
        self.lineLimit = lineLimit
    }

    /// Appends the printed form of `data` to `output` (pretty: every line ends in `\n`; compact: one
    /// line without a newline).
    ///
    /// On a syntax error `output` is left exactly as it was.
    @discardableResult
    public func format(_ data: Data, into output: inout [UInt8]) throws(JSONSyntaxError) -> JSONPrintSummary {
        let mark = output.count
        var result: Result<JSONPrintSummary, JSONSyntaxError> = .success(JSONPrintSummary(totalLines: 0, printedLines: 0))
        data.withUnsafeBytes { raw in
            result = run(raw) { chunk in output.append(contentsOf: chunk) }
        }
        if case .failure = result { output.removeSubrange(mark...) }
        return try result.get()
    }

    /// Appends the printed form of `bytes` to `output`; on a syntax error `output` is left as it was.
    @discardableResult
    public func format(_ bytes: [UInt8], into output: inout [UInt8]) throws(JSONSyntaxError) -> JSONPrintSummary {
        let mark = output.count
        let result = bytes.withUnsafeBytes { raw in
            run(raw) { chunk in output.append(contentsOf: chunk) }
        }
        if case .failure = result { output.removeSubrange(mark...) }
        return try result.get()
    }

    /// Streams the printed form of `data` to `write` in chunks of up to 64 KiB.
    ///
    /// Chunks before a syntax error have already been written: validate first (`JSONValidator`) when
    /// a partial print must not reach its destination.
    @discardableResult
    public func format(_ data: Data, to write: (UnsafeRawBufferPointer) -> Void) throws(JSONSyntaxError) -> JSONPrintSummary {
        var result: Result<JSONPrintSummary, JSONSyntaxError> = .success(JSONPrintSummary(totalLines: 0, printedLines: 0))
        data.withUnsafeBytes { raw in result = run(raw, write) }
        return try result.get()
    }

    /// The printed form of `text` as a `String` (convenient for tests and small values).
    public func formatted(_ text: String) throws(JSONSyntaxError) -> String {
        var output: [UInt8] = []
        try format(Array(text.utf8), into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    func run(_ raw: UnsafeRawBufferPointer, _ flush: (UnsafeRawBufferPointer) -> Void) -> Result<JSONPrintSummary, JSONSyntaxError> {
        withoutActuallyEscaping(flush) { flush in
            // A small document gets a small buffer (it is flushed when full, so any size is right):
            // a 64 KiB one for each printed response of 300 bytes cost more than the printing.
            var output = JSONPrettyOutput(self, capacity: min(1 << 16, max(1 << 12, raw.count * 4)), flush: flush)
            defer { output.deallocate() }
            do throws(JSONSyntaxError) {
                try JSONPrinter.print(raw, &output)
                return .success(output.summary)
            } catch {
                return .failure(error)
            }
        }
    }
}

/// How many lines the full output has and how many were written before the line limit.
public struct JSONPrintSummary: Sendable, Equatable {
    public var totalLines: Int
    public var printedLines: Int
    /// Lines left out by the line limit (for `… N more lines`).
    public var omittedLines: Int { totalLines - printedLines }

    public init(totalLines: Int, printedLines: Int) {
        self.totalLines = totalLines
        self.printedLines = printedLines
    }
}

/// Checks that bytes are valid JSON without building anything (the printer's scan with output off).
public enum JSONValidator {
    /// Throws where `data` stops being valid JSON (RFC 8259, as `JSONDocument` parses it).
    public static func validate(_ data: Data) throws(JSONSyntaxError) {
        let printer = JSONPrinter(layout: .compact, lineLimit: 0)
        var result: Result<JSONPrintSummary, JSONSyntaxError> = .success(JSONPrintSummary(totalLines: 0, printedLines: 0))
        data.withUnsafeBytes { raw in result = printer.run(raw) { _ in } }
        _ = try result.get()
    }

    /// Throws where `text` stops being valid JSON.
    public static func validate(_ text: String) throws(JSONSyntaxError) {
        try validate(Data(text.utf8))
    }
}
