import Foundation

/// A whole snippet file written from a transcript: description, imports, models, then the steps.
struct TranscriptSnippet {
    let name: String
    let description: String?
    let statements: TranscriptStatements

    init(name: String, description: String?, inputs: [String], sandboxURL: URL?,
         declarationSource: @escaping (String) -> String? = { _ in nil }) throws {
        self.name = name
        self.description = description
        var statements = TranscriptStatements(sandboxURL: sandboxURL, declarationSource: declarationSource)
        for input in inputs { try statements.add(input) }
        self.statements = statements
    }

    /// How many statements the snippet has (declarations included).
    var stepCount: Int { statements.statements.count }

    var source: String {
        var lines: [String] = []
        let given = description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let summary = given.isEmpty ? "A Workbench session saved as \(name)." : given
        for line in summary.split(separator: "\n") {
            lines.append("// " + line)
        }
        lines.append("//")
        lines.append("// Replay it with `workbench replay \(name) --step`; compile and run it with `swift run \(name)`.")
        if !statements.secretVariables.isEmpty {
            let names = statements.secretVariables.joined(separator: ", ")
            lines.append("// Secrets are not saved: set \(names) in the environment before running it.")
        }
        for input in statements.skipped {
            lines.append("// Not saved (no snippet statement): \(input.replacingOccurrences(of: "\n", with: " "))")
        }
        lines.append("")
        if !statements.secretVariables.isEmpty { lines.append("import Foundation") }
        if statements.usesSandbox { lines.append("import Sandbox") }
        lines.append("import WorkbenchKit")
        lines.append("")
        var (declarations, steps) = Self.split(statements.statements)
        for declaration in declarations {
            lines.append(declaration)
            lines.append("")
        }
        if statements.usesSandbox { lines.append("let sandbox = try await Sandbox.start()") }
        lines.append(Self.workbenchDeclaration(folding: &steps, sandbox: statements.usesSandbox))
        lines.append("")
        lines.append(contentsOf: steps)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Declarations first (a redeclared type keeps only its last form, as at the prompt), then steps.
    static func split(_ statements: [String]) -> (declarations: [String], steps: [String]) {
        var order: [String] = []
        var latest: [String: String] = [:]
        var steps: [String] = []
        for statement in statements {
            guard let name = declaredName(statement) else {
                steps.append(statement)
                continue
            }
            if latest[name] == nil { order.append(name) }
            latest[name] = statement
        }
        return (order.compactMap { latest[$0] }, steps)
    }

    /// `Post` for `struct Post: Codable { … }`; nil for anything that is not a declaration.
    static func declaredName(_ statement: String) -> String? {
        let words = statement.split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "{" || $0 == "<" })
        guard let keyword = words.firstIndex(where: { $0 == "struct" || $0 == "enum" }), keyword + 1 < words.count,
              words[..<keyword].allSatisfy({ ["public", "indirect", "final", "private", "internal"].contains($0) }) else { return nil }
        return String(words[keyword + 1])
    }

    /// `let wb = Workbench(base: …)`, taking the first step's `base` into the initializer.
    static func workbenchDeclaration(folding steps: inout [String], sandbox: Bool) -> String {
        var arguments: [String] = []
        if let first = steps.first, first.hasPrefix("try wb.base("), first.hasSuffix(")") {
            arguments.append("base: " + first.dropFirst("try wb.base(".count).dropLast())
            steps.removeFirst()
        }
        if sandbox { arguments.append("sandbox: sandbox.baseURL") }
        return "let wb = Workbench(\(arguments.joined(separator: ", ")))"
    }
}
