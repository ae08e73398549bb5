import Foundation
import SwiftParser
import SwiftSyntax
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// Runs a line that is not a command as Swift: model declarations and what the interpreter
    /// covers on the fast path, everything else on the compiled path. Returns false when the line
    /// is not Swift at all, so the loop can say "unknown command".
    func evaluateSwift(_ source: String) async throws -> Bool {
        var text = source.trimmingCharacters(in: .whitespacesAndNewlines)
        // `posts --all` shows a long value uncut on a terminal.
        let showAll = text.hasSuffix(" --all")
        if showAll { text = String(text.dropLast(6)).trimmingCharacters(in: .whitespaces) }
        if let first = FirstSyntaxError.beforeParsing(text) {
            guard Self.looksLikeSwift(text) else { return false }
            throw SwiftInputError(first.description)
        }
        let tree = Parser.parse(source: text)
        if tree.hasError {
            guard Self.looksLikeSwift(text) else { return false }
            throw SwiftInputError(Self.firstSyntaxError(in: tree))
        }
        let items = Array(tree.statements)
        if items.count == 1, let name = items.first?.item.as(ExprSyntax.self)?.as(DeclReferenceExprSyntax.self)?.baseName.text,
           !swift.isBound(name), !transcriptMentions(name) {
            return false
        }
        workbench.cutsLongValues = !showAll
        defer { workbench.cutsLongValues = true }
        if resultsColumn, text.contains("\n"), compiledPathAvailable {
            try await runCompiled(text, resultsColumn: true)
            return true
        }
        var index = 0
        while index < items.count {
            let before = workbench.exchanges.count
            let ran = try await runOnFastPath(items[index])
            guard ran else {
                // The rest of the input runs compiled, after the steps recorded so far.
                let rest = items[index...].map(\.description).joined().trimmingCharacters(in: .whitespacesAndNewlines)
                try await runCompiled(rest)
                return true
            }
            let step = items[index].trimmedDescription
            apply(SessionEffects(swift: step, exchanges: Array(workbench.exchanges[before...])))
            index += 1
        }
        return true
    }

    /// One item on the fast path; false when it is not covered (nothing happened).
    private func runOnFastPath(_ item: CodeBlockItemSyntax) async throws -> Bool {
        if FastPath.isModel(item) {
            do {
                for model in try models.declare(item.trimmedDescription) {
                    console.line(ModelWorkspace.summary(of: model))
                }
                return true
            } catch {
                // A declaration the model parser does not take (methods, protocols it cannot check):
                // the compiler decides; without a compiler, the parser's error stands.
                guard compiledPathAvailable else { throw error }
                return false
            }
        }
        // `WORKBENCH_ENGINE=compiled` runs all Swift but model declarations (which commands decode
        // into) compiled: the differential tests compare both paths.
        if Self.compiledOnly { return false }
        do {
            if let shown = try await swift.runPromptItem(item) {
                workbench.showValue(shown.report, label: shown.label)
            }
            if let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var) {
                fastVariables.formUnion(variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
            }
            return true
        } catch is SnippetInterpreter.NotCovered {
            return false
        }
    }

    /// Whether an earlier Swift step names `name` (a value bound on the compiled path).
    private func transcriptMentions(_ name: String) -> Bool {
        transcript.steps.contains { step in
            guard case .swift(let source) = step.kind else { return false }
            return source.contains(name)
        }
    }

    /// A line with a syntax error is reported as Swift when it reads as Swift (a keyword first, or
    /// Swift punctuation); otherwise it is a mistyped command.
    static func looksLikeSwift(_ text: String) -> Bool {
        let first = String(text.prefix { $0.isLetter || $0 == "_" })
        let keywords: Set = ["let", "var", "struct", "enum", "class", "func", "extension", "protocol", "if", "for",
                             "while", "switch", "guard", "do", "try", "import", "typealias", "repeat", "return", "print"]
        return keywords.contains(first) || text.contains(where: { "=({[\".".contains($0) })
    }

    /// `1:9: expected expression after '='`, at the first syntax error.
    static func firstSyntaxError(in tree: SourceFileSyntax) -> String {
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        guard let first = FirstSyntaxError(in: tree, converter: converter) else { return "invalid Swift" }
        return "\(first.line):\(first.column): \(first.message)"
    }
}

extension Session {
    static let compiledOnly = ProcessInfo.processInfo.environment["WORKBENCH_ENGINE"] == "compiled"
}

/// Swift the prompt cannot run, in one line.
struct SwiftInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
