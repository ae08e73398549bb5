import Foundation

extension JSONSyntaxError {
    /// Compiler-style diagnostic: the message, the offending source line and a caret under the column.
    ///
    /// Long lines (minified JSON) are cut to a window around the error, marked with `…`.
    public func caretDiagnostic(source: [UInt8]) -> String {
        var lineStart = min(offset, source.count)
        while lineStart > 0, source[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = min(offset, source.count)
        while lineEnd < source.count, source[lineEnd] != 0x0A { lineEnd += 1 }
        if lineEnd > lineStart, source[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let text = String(decoding: source[lineStart..<lineEnd], as: UTF8.self)
        var scalars = Array(text.unicodeScalars)
        var caretColumn = max(0, min(column - 1, scalars.count))
        let before = 40
        let after = 40
        var prefix = ""
        if caretColumn > before {
            scalars.removeFirst(caretColumn - before)
            caretColumn = before
            prefix = "…"
        }
        var suffix = ""
        if scalars.count > caretColumn + after {
            scalars.removeLast(scalars.count - caretColumn - after)
            suffix = "…"
        }
        // Tabs and control characters would shift the caret: show them as spaces.
        let shown = String(String.UnicodeScalarView(scalars.map { $0.value < 0x20 ? " " : $0 }))
        let indent = String(repeating: " ", count: prefix.count + caretColumn)
        return "\(description)\n\(prefix)\(shown)\(suffix)\n\(indent)^"
    }

    /// Compiler-style diagnostic for a source held as `Data`.
    public func caretDiagnostic(source: Data) -> String {
        caretDiagnostic(source: [UInt8](source))
    }

    /// Compiler-style diagnostic for a source held as a `String`.
    public func caretDiagnostic(source: String) -> String {
        caretDiagnostic(source: Array(source.utf8))
    }
}
