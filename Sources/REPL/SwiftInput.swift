import WorkbenchScript

extension Session {
    /// Runs a line that is not a command as Swift: declarations, `let NAME = decode …`, `let NAME = posts[0]`,
    /// and member access on bound values (`posts.count`, `posts[0].title`). Returns false when the line
    /// is not Swift this prompt understands, so the loop can say "unknown command".
    func evaluateSwift(_ source: String) async throws -> Bool {
        let text = source.trimmingCharacters(in: .whitespacesAndNewlines)
        if DeclarationParser.looksLikeDeclaration(text) {
            for declaration in try models.declare(text) {
                console.line(ModelWorkspace.summary(of: declaration))
            }
            return true
        }
        if let (name, expression) = Self.binding(in: text) {
            if expression.hasPrefix("decode ") || expression == "decode" {
                try runDecode(String(expression.dropFirst("decode".count)), bindingTo: name)
                return true
            }
            if expression.hasPrefix("try wb.decode(") || expression.hasPrefix("wb.decode(") {
                throw ModelCommandError("write it as the command: let \(name) = decode TYPE")
            }
            if let (base, _) = ValuePath.parse(expression), models.bindings[base] == nil {
                throw ModelCommandError("cannot find '\(base)' in scope")
            }
            guard let value = try models.evaluate(expression) else {
                let names = models.bindings.keys.sorted().joined(separator: ", ")
                throw ModelCommandError("cannot evaluate '\(expression)' yet: write `let \(name) = decode TYPE`"
                    + (names.isEmpty ? "" : " or use a bound value (\(names))"))
            }
            models.bind(name, to: value)
            ModelOutput.show(value, label: name, showAll: false, session: self)
            return true
        }
        // `posts --all` prints a bound value uncut on a terminal.
        let showAll = text.hasSuffix(" --all")
        let expression = showAll ? String(text.dropLast(6)).trimmingCharacters(in: .whitespaces) : text
        if let value = try models.evaluate(expression) {
            ModelOutput.show(value, label: expression, showAll: showAll, session: self)
            return true
        }
        if let (name, steps) = ValuePath.parse(text), !steps.isEmpty, models.bindings[name] == nil {
            throw ModelCommandError("cannot find '\(name)' in scope")
        }
        if let first = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).first,
           models.bindings[String(first)] != nil {
            throw ModelCommandError("'\(text)' is not supported yet: use NAME, NAME.property, NAME[0], NAME[\"key\"] or NAME.count")
        }
        return false
    }

    /// `let NAME = EXPRESSION` (or `var`): the name and the expression.
    static func binding(in text: String) -> (name: String, expression: String)? {
        guard text.hasPrefix("let ") || text.hasPrefix("var ") else { return nil }
        let rest = text.dropFirst(4)
        guard let equals = rest.firstIndex(of: "=") else { return nil }
        let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
        guard let first = name.first, first.isLetter || first == "_",
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return (name, rest[rest.index(after: equals)...].trimmingCharacters(in: .whitespaces))
    }
}

import Foundation
