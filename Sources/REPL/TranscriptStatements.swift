import Foundation
import WorkbenchKit
import WorkbenchScript

/// Turns recorded inputs into Swift statements of the snippet vocabulary (DESIGN.md §2).
///
/// Each command has one statement (`query userId=1` is `wb.query("userId", "1")`); declarations
/// are kept as written; secrets become environment reads.
struct TranscriptStatements {
    /// The statements, in order (a declaration may span lines).
    var statements: [String] = []
    /// Environment variables the snippet reads instead of secrets, in order of first use.
    var secretVariables: [String] = []
    /// Whether a statement needs the sandbox (`base sandbox/…`, or a URL of the session's sandbox).
    var usesSandbox = false
    /// Inputs that have no statement (`infer`, `load`, `set color`), kept as comments.
    var skipped: [String] = []
    /// The session's sandbox URL, written back as `sandbox/…`.
    let sandboxURL: URL?

    init(sandboxURL: URL?) {
        self.sandboxURL = sandboxURL
    }

    mutating func add(_ input: String) throws {
        let name = String(input.prefix { !$0.isWhitespace })
        let rest = String(input.dropFirst(name.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        if DeclarationParser.looksLikeDeclaration(input) {
            statements.append(input)
            return
        }
        if name == "let", let binding = Self.letBinding(rest) {
            guard let call = try decodeCall(binding.expression) else {
                statements.append("let \(binding.name) = \(binding.expression)")
                return
            }
            statements.append("let \(binding.name) = \(call)")
            return
        }
        if let statement = try command(name, rest) {
            statements.append(contentsOf: statement)
        } else if let statement = Self.expression(input) {
            statements.append(statement)
        } else {
            skipped.append(input)
        }
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

    /// A Swift string literal for `text`: a raw `#"…"#` when it holds quotes or backslashes.
    static func literal(_ text: String) -> String {
        if text.contains("\n") || text.contains("\r") { return text.debugDescription }
        if (text.contains("\"") || text.contains("\\")) && !text.contains("\"#") { return "#\"" + text + "\"#" }
        return text.debugDescription
    }

    /// The session's sandbox URL written as `sandbox/…`, so the snippet works with any sandbox.
    mutating func portable(_ url: String) -> String {
        if url == "sandbox" || url.hasPrefix("sandbox/") {
            usesSandbox = true
            return url
        }
        guard let sandboxURL else { return url }
        let root = sandboxURL.absoluteString.trimmingSuffixes("/")
        guard url == root || url.hasPrefix(root + "/") else { return url }
        usesSandbox = true
        return "sandbox" + url.dropFirst(root.count)
    }

    /// A value for a header or query item: the literal, or an environment read for a secret.
    mutating func value(named name: String, _ value: String) -> String {
        guard TranscriptSecrets.isSecret(name: name) else { return Self.literal(value) }
        let variable = TranscriptSecrets.variable(for: name)
        if !secretVariables.contains(variable) { secretVariables.append(variable) }
        return "ProcessInfo.processInfo.environment[\(variable.debugDescription)] ?? \"\""
    }
}

extension String {
    func trimmingSuffixes(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
