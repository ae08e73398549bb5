/// Member access on bound values: `posts`, `posts[0].title`, `posts.count`, `user.address?.city`.
public enum ValuePath {
    public enum Step: Equatable, Sendable {
        case member(String, optionalChain: Bool)
        case index(Int)
        case key(String)
    }

    /// Splits `posts[0].title` into its name and steps; nil when it is not such an expression.
    public static func parse(_ text: String) -> (name: String, steps: [Step])? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        let name = identifier(&rest)
        guard !name.isEmpty else { return nil }
        var steps: [Step] = []
        while !rest.isEmpty {
            var chained = false
            if rest.hasPrefix("?.") { chained = true; rest = rest.dropFirst() }
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let member = identifier(&rest)
                guard !member.isEmpty else { return nil }
                steps.append(.member(member, optionalChain: chained))
            } else if rest.hasPrefix("[\"") {
                rest = rest.dropFirst(2)
                guard let end = rest.range(of: "\"]") else { return nil }
                steps.append(.key(String(rest[..<end.lowerBound])))
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("[") {
                rest = rest.dropFirst()
                guard let end = rest.firstIndex(of: "]"), let index = Int(rest[..<end].trimmingCharacters(in: .whitespaces))
                else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: end)...]
            } else {
                return nil
            }
        }
        return (name, steps)
    }

    private static func identifier(_ text: inout Substring) -> String {
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = name.first, !first.isNumber else { return "" }
        text = text.dropFirst(name.count)
        return String(name)
    }
}

import Foundation
