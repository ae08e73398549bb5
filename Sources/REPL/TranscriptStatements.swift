import Foundation
import WorkbenchKit
import WorkbenchScript

/// Turns recorded inputs into Swift statements of the snippet vocabulary (DESIGN.md §2).
///
/// A command's statement comes from the command itself (`SwiftEquivalent`), the model commands'
/// from here; declarations are kept as written; then secrets become environment reads and this
/// run's sandbox URL becomes `sandbox/…`.
struct TranscriptStatements {
    /// The statements, in order (a declaration may span lines).
    var statements: [String] = []
    /// Environment variables the snippet reads instead of secrets, in order of first use.
    var secretVariables: [String] = []
    /// Whether a statement needs the sandbox (`sandbox/…`, or a URL of the session's sandbox).
    var usesSandbox = false
    /// Inputs that have no statement, kept as comments.
    var skipped: [String] = []
    let commands: CommandTable
    let rewriter: SnippetStatementRewriter
    /// The Swift source of the declared type NAME as it is now (for `infer` and `load`).
    let declarationSource: (String) -> String?

    init(sandboxURL: URL?, commands: CommandTable = .standard, declarationSource: @escaping (String) -> String? = { _ in nil }) {
        self.commands = commands
        self.declarationSource = declarationSource
        let root = sandboxURL.map { $0.absoluteString.trimmingSuffixes("/") }
        rewriter = SnippetStatementRewriter(sandboxRoot: root, isSecret: TranscriptSecrets.isSecret(name:),
                                            variable: TranscriptSecrets.variable(for:))
    }

    mutating func add(_ input: String) throws {
        let name = String(input.prefix { !$0.isWhitespace })
        let rest = String(input.dropFirst(name.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        if DeclarationParser.looksLikeDeclaration(input) {
            statements.append(input)
        } else if name == "let", let binding = Self.letBinding(rest) {
            let value = try Self.decodeCall(binding.expression) ?? binding.expression
            statements.append("let \(binding.name) = \(value)")
        } else if let equivalent = commands.command(named: name) as? any SwiftEquivalent {
            let produced = try equivalent.swiftStatements(for: rest)
            if produced.isEmpty { skipped.append(input) }
            for statement in produced { append(statement) }
        } else if name == "infer" || name == "load" {
            let declarations = try declarations(definedBy: name, rest)
            if declarations.isEmpty { skipped.append(input) }
            statements.append(contentsOf: declarations)
        } else if let produced = try Self.modelStatements(name, rest) {
            for statement in produced { append(statement) }
        } else if let statement = Self.expression(input) {
            statements.append(statement)
        } else {
            skipped.append(input)
        }
    }

    private mutating func append(_ statement: String) {
        let result = rewriter.rewrite(statement)
        statements.append(result.statement)
        usesSandbox = usesSandbox || result.usesSandbox
        for variable in result.secretVariables where !secretVariables.contains(variable) { secretVariables.append(variable) }
    }

    /// `let NAME = EXPRESSION`.
    static func letBinding(_ rest: String) -> (name: String, expression: String)? {
        guard let equals = rest.firstIndex(of: "=") else { return nil }
        let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
        let expression = rest[rest.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !expression.isEmpty else { return nil }
        return (name, expression)
    }

    /// `posts.count`, `posts[0].title`: shown at the prompt, printed in a snippet.
    static func expression(_ input: String) -> String? {
        let allowed = input.allSatisfy { $0.isLetter || $0.isNumber || "_.[]\"?".contains($0) }
        guard allowed, let first = input.first, first.isLetter || first == "_" else { return nil }
        return "print(\(input))"
    }
}

extension String {
    func trimmingSuffixes(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
