/// The declared models of a session; declaring a type again replaces it.
public struct ModelRegistry: Sendable {
    /// Top-level declarations, in the order they were first declared.
    public private(set) var declarations: [ModelDeclaration] = []

    public init() {}

    /// Adds (or replaces) `newDeclarations` after checking them as Swift would; returns their names.
    @discardableResult
    public mutating func define(_ newDeclarations: [ModelDeclaration]) throws(ModelSourceError) -> [String] {
        var seen: Set<String> = []
        for declaration in newDeclarations where !seen.insert(declaration.name).inserted {
            throw ModelSourceError("invalid redeclaration of '\(declaration.name)'", line: declaration.line)
        }
        var candidate = self
        for declaration in newDeclarations {
            if let index = candidate.declarations.firstIndex(where: { $0.name == declaration.name }) {
                candidate.declarations[index] = declaration
            } else {
                candidate.declarations.append(declaration)
            }
        }
        for declaration in newDeclarations {
            try ModelChecker(registry: candidate).check(declaration, scope: [])
        }
        self = candidate
        return newDeclarations.map(\.name)
    }

    /// Removes every declaration.
    public mutating func removeAll() { declarations = [] }

    /// The declaration with the qualified name `Outer.Inner`.
    public func declaration(named qualifiedName: String) -> ModelDeclaration? {
        var parts = qualifiedName.split(separator: ".").map(String.init)
        guard !parts.isEmpty else { return nil }
        let head = parts.removeFirst()
        var current = declarations.first { $0.name == head }
        while let found = current, !parts.isEmpty {
            let next = parts.removeFirst()
            current = found.nested.first { $0.name == next }
        }
        return current
    }

    /// Resolves `name` as written inside the declaration at `scope` (outer names first), innermost scope first.
    func lookup(_ name: String, scope: [String]) -> (qualifiedName: String, declaration: ModelDeclaration)? {
        var prefix = scope
        while true {
            let qualified = (prefix + [name]).joined(separator: ".")
            if let found = declaration(named: qualified) { return (qualified, found) }
            if prefix.isEmpty { return nil }
            prefix.removeLast()
        }
    }
}
