import SwiftParserDiagnostics
import SwiftSyntax

/// The first syntax error of parsed Swift, where it is and what it says: what the model parser, a
/// snippet and the prompt report.
public struct FirstSyntaxError: Sendable {
    public let message: String
    public let line: Int
    public let column: Int

    /// nil when `tree` has no error.
    public init?(in tree: SourceFileSyntax, converter: SourceLocationConverter) {
        guard tree.hasError else { return nil }
        // A control character is reported first, as swiftc does: swift-syntax's diagnostics trap on
        // some sources holding one (`let n \u{1}= 3`: "A Fix-It must have at least one change").
        let bytes = tree.syntaxTextBytes
        if let offset = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
            message = "unprintable ASCII character U+\(String(bytes[offset], radix: 16, uppercase: true).leftPadded(4)) found in source"
            line = location.line
            column = location.column
            return
        }
        guard let first = ParseDiagnosticsGenerator.diagnostics(for: tree).first else { return nil }
        let location = first.location(converter: converter)
        message = first.message
        line = location.line
        column = location.column
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
