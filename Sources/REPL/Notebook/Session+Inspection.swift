import ModelRuntime
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// What a kernel's `inspect_request` shows for `expression` (a name, `.member`s and
    /// subscripts): a value the prompt's fast path holds, as the prompt shows it (its type, then
    /// its text, cut past a terminal's limit); else the declaration Swift typed here made of the
    /// name (a compiled value is not read back out of the Swift session to answer a tooltip).
    func inspection(of expression: String) -> String? {
        if let shown = swift.inspection(of: expression) {
            let (text, cut) = shown.report.text(limit: DecodedValueReport.terminalLimit)
            return "\(shown.label): \(shown.report.summary)\n\(text)" + (cut ? "\n(cut: `print(\(expression))` shows all of it)" : "")
        }
        guard let name = ValuePath.parse(expression)?.name else { return nil }
        for step in transcript.steps.reversed() {
            guard case .swift(let source) = step.kind, let declaration = Self.declaration(of: name, in: source) else { continue }
            let holds = declaration.isValue ? "\n(its value is in the compiled Swift session: `\(name)` prints it)" : ""
            return declaration.text + holds
        }
        return nil
    }

    /// The declaration of `name` at the top level of `source`: a binding's whole `let`/`var`, a
    /// type's or function's text (its first 30 lines).
    private static func declaration(of name: String, in source: String) -> (text: String, isValue: Bool)? {
        for item in SwiftFile(parsing: source).items.reversed() {
            if item.boundNames.contains(name) { return (firstLines(of: item.declarationText), true) }
            if item.declaredName == name { return (firstLines(of: item.declarationText), false) }
        }
        return nil
    }

    private static func firstLines(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 30 else { return text }
        return lines.prefix(30).joined(separator: "\n") + "\n… (\(lines.count - 30) more lines)"
    }
}
