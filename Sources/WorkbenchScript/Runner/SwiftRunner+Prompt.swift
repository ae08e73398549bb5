import Foundation
import SwiftParser
import SwiftSyntax
import WorkbenchKit

/// The prompt's ways to run Swift: an input, an input with the results column, a `\(…)`.
extension SwiftRunner {
    /// A failure that has been printed as one line (the host's, a compile error's).
    public struct Reported: Error {}

    /// A `\(…)` the host could not print, as one line whose column counts from the expression's
    /// first character.
    public struct InterpolationFailure: Error {
        public let line: String
    }

    /// Runs a prompt input item by item: on the interpreter while it can finish them, and from the
    /// first it cannot, the rest of the input in the host as one (a loop and the `var` it changes
    /// stay together). The interpreter's failures are thrown, for the caller to word as any
    /// command's; the host's have been printed (`Reported`).
    public func runInput(_ items: [CodeBlockItemSyntax]) async throws {
        for (index, item) in items.enumerated() {
            if let kind = SessionImport(item) {
                guard await runImport(kind, item) else { throw Reported() }
                if case .module = kind { stepRecorded(item.trimmedDescription, []) }
                continue
            }
            let before = workbench?.exchanges.count ?? 0
            let readBefore = workbench?.documentReads.count ?? 0
            guard try await runOnInterpreter(item) else {
                let rest = items[index...].map(\.description).joined().trimmingCharacters(in: .whitespacesAndNewlines)
                return try await runInHost(rest)
            }
            let exchanges = newExchanges(since: before)
            logInterpreted(item, exchanges: exchanges, documents: newDocumentReads(since: readBefore))
            stepRecorded(item.trimmedDescription, exchanges)
        }
    }

    /// One item on the interpreter; false when it cannot finish it (nothing has happened then).
    private func runOnInterpreter(_ item: CodeBlockItemSyntax) async throws -> Bool {
        if Self.isModel(item) {
            do {
                for model in try interpreter.workspace.declare(item.trimmedDescription) {
                    console.line(ModelWorkspace.summary(of: model))
                }
                return true
            } catch {
                // A declaration the model parser does not take (methods, protocols it cannot check):
                // the compiler decides; without a compiler, the parser's error stands.
                guard compilerAvailable else { throw error }
                return false
            }
        }
        guard !compiledOnly else { return false }
        do {
            if let shown = try await interpreter.runPromptItem(item) {
                workbench?.showValue(shown.report, label: shown.label)
            }
            return true
        } catch is SnippetInterpreter.NotCovered {
            return false
        }
    }

    /// Runs `source` in the host after the steps so far; its requests join the history and `wb`
    /// continues from the request it left.
    public func runInHost(_ source: String) async throws {
        refreshSettings()
        let outcome = await host.run(source, after: settledLog(), interrupted: interrupted)
        take(outcome, of: source)
        joinSessionRequests()
        guard outcome.succeeded else {
            explainMissingName(in: outcome.failure)
            throw Reported()
        }
        for line in DeclarationSummary.lines(for: source) { console.line(line) }
    }

    /// The requests the session's own `URLSession`s made in the host (during an input or between
    /// inputs) join the history, after what is there.
    public func joinSessionRequests() {
        guard let hostInstance else { return }
        workbench?.join(hostInstance.takeSessionRequests())
    }

    /// Runs `source` compiled as a playground after the steps so far; `show` gets the values its
    /// lines had (also when it failed part-way, for the lines that ran).
    public func runWithResults(_ source: String, show: ([LineResult]) -> Void) async throws {
        let outcome = await runResultsProgram(source)
        show(outcome.results)
        guard outcome.succeeded else { throw Reported() }
        for line in DeclarationSummary.lines(for: source) { console.line(line) }
    }

    /// The text `print` gives for a `\(expression)` of a command: from the interpreter when it can
    /// finish it, else printed by the host (the capture is not a step of the session).
    public func interpolationText(_ expression: String) async throws -> String {
        do {
            return try await interpreter.interpolationText(expression)
        } catch is SnippetInterpreter.NotCovered {}
        let capture = captured
        capture.clearCaptured()
        refreshSettings()
        let wrapper = "print("
        let outcome = await host.run(wrapper + expression + ", terminator: \"\")", after: settledLog(), isStep: false,
                                     output: capture, interrupted: interrupted)
        let text = capture.capturedText
        guard outcome.succeeded else {
            let line = outcome.failure ?? "error: cannot evaluate '\\(\(expression))'"
            throw InterpolationFailure(line: Self.shiftingColumn(of: line, by: -wrapper.count))
        }
        return text
    }

    /// `error: 1:9: message` with its column moved by `offset` (a compile error on one line).
    nonisolated public static func shiftingColumn(of line: String, by offset: Int) -> String {
        guard let error = CompileErrorLine(line) else { return line }
        return "error: \(error.line):\(error.column + offset):\(error.message)"
    }

    /// A `Codable`/`Decodable` struct or enum: a model the interpreter declares and decodes into;
    /// or a `typealias` of a type over models (`typealias Posts = [Post]`), which `decode` may name.
    nonisolated public static func isModel(_ item: CodeBlockItemSyntax) -> Bool {
        guard let declaration = item.item.as(DeclSyntax.self) else { return false }
        if DeclarationParser.isModelAlias(declaration) { return true }
        let clause = declaration.as(StructDeclSyntax.self)?.inheritanceClause ?? declaration.as(EnumDeclSyntax.self)?.inheritanceClause
        return clause?.inheritedTypes.contains { ["Codable", "Decodable"].contains($0.type.trimmedDescription) } ?? false
    }
}

/// `error: LINE:COLUMN: message`, a compile error counted within one input, taken apart.
struct CompileErrorLine {
    let line: Int
    let column: Int
    /// The rest after the column, with its leading space.
    let message: Substring

    init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 3)
        guard parts.count == 4, parts[0] == "error", let line = Int(parts[1].trimmingCharacters(in: .whitespaces)),
              let column = Int(parts[2]) else { return nil }
        self.line = line
        self.column = column
        message = parts[3]
    }
}
