import ModelRuntime
import WorkbenchKit

/// Tab completion for Swift at the prompt: bound names, and members after `.`.
extension SnippetInterpreter {
    /// The names bound on the fast path (`wb` included).
    public var boundNames: [String] {
        Array(Set(scopes.flatMap(\.keys))).sorted()
    }

    /// Members of the value `expression` (a name, `.member`s and subscripts) names, when the fast
    /// path holds it: a model's properties, and the common members of arrays, strings, optionals
    /// and dictionaries. Nil when the expression is not a bound value.
    public func memberNames(of expression: String) -> [String]? {
        guard let (name, steps) = ValuePath.parse(expression) else { return nil }
        if name == "wb", steps.isEmpty { return Self.workbenchMembers }
        guard case .typed(let start)? = lookup(name), let value = try? start.following(steps, from: name) else { return nil }
        return Self.members(of: value.type)
    }

    /// The type and text of the value `expression` (a name, `.member`s and subscripts) names, as
    /// the prompt shows it, when the fast path holds it (a kernel's `inspect_request`).
    public func inspection(of expression: String) -> Shown? {
        guard let (name, steps) = ValuePath.parse(expression), let value = lookup(name) else { return nil }
        if case .typed(let start) = value {
            guard let found = try? start.following(steps, from: name) else { return nil }
            return report(of: .typed(found), forTerminal: false).map { Shown(label: expression, report: $0) }
        }
        guard steps.isEmpty else { return nil }
        return report(of: value, forTerminal: false).map { Shown(label: name, report: $0) }
    }

    static func members(of type: ResolvedType) -> [String] {
        switch type {
        case .structure(let schema): return schema.fields.map(\.name)
        case .array: return ["count", "first", "last", "isEmpty", "map", "filter", "sorted", "reduce", "prefix", "suffix",
                             "contains", "compactMap", "forEach", "enumerated", "joined", "min", "max"]
        case .string: return ["count", "isEmpty", "uppercased()", "lowercased()", "hasPrefix", "hasSuffix", "split",
                              "contains", "prefix", "components"]
        case .optional: return ["map", "flatMap"]
        case .dictionary: return ["count", "keys", "values", "isEmpty", "sorted", "mapValues", "filter"]
        case .enumeration: return ["rawValue"]
        default: return ["description"]
        }
    }

    /// The statements' members (from the descriptor table), then the ones a snippet reads.
    static var workbenchMembers: [String] {
        StatementForm.memberNames + ["console", "request", "exchanges", "lastExchange"]
    }
}
