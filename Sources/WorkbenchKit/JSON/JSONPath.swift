/// A failed `JSONNode.node(at:)` lookup: the path is malformed or one of its steps is missing.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line naming the step that failed, e.g. `no member 'items' in the object at 'data'`.
    public var message: String
    public var description: String { message }
}

extension JSONNode {
    /// The value at a path such as `data.items[0].name`, `[2]` or `episode` (empty path: this node).
    ///
    /// Steps are member names separated by `.` and array indexes in brackets; a member name that
    /// holds `.` or `[` can be written quoted: `["a.b"]`.
    public func node(at path: String) throws(JSONPathError) -> JSONNode {
        var node = self
        var walked = ""
        for step in try JSONPathStep.parse(path) {
            let place = walked.isEmpty ? "the top level" : "'\(walked)'"
            switch step {
            case .member(let name):
                guard node.isObject else {
                    throw JSONPathError(message: "expected an object at \(place) to look up '\(name)', found \(node.kind)")
                }
                guard let child = node.member(name) else {
                    throw JSONPathError(message: "no member '\(name)' in the object at \(place)")
                }
                node = child
                walked += walked.isEmpty ? name : ".\(name)"
            case .index(let position):
                guard node.isArray else {
                    throw JSONPathError(message: "expected an array at \(place) to take element [\(position)], found \(node.kind)")
                }
                guard let child = node[position] else {
                    throw JSONPathError(message: "index [\(position)] is out of range: the array at \(place) has \(node.count) elements")
                }
                node = child
                walked += "[\(position)]"
            }
        }
        return node
    }
}

/// One step of a `JSONNode.node(at:)` path.
enum JSONPathStep: Equatable {
    case member(String)
    case index(Int)

    static func parse(_ path: String) throws(JSONPathError) -> [JSONPathStep] {
        var steps: [JSONPathStep] = []
        let characters = Array(path)
        var i = 0
        if characters.first == "$" { i = 1 }  // `$.a` as in JSONPath
        var needsSeparator = false
        while i < characters.count {
            let c = characters[i]
            if c == "[" {
                guard let close = characters[i...].firstIndex(of: "]") else {
                    throw JSONPathError(message: "expected ']' to close '[' in path '\(path)'")
                }
                let inside = String(characters[(i + 1)..<close])
                if inside.count >= 2, inside.first == "\"", inside.last == "\"" {
                    steps.append(.member(String(inside.dropFirst().dropLast())))
                } else if let position = Int(inside), position >= 0 {
                    steps.append(.index(position))
                } else {
                    throw JSONPathError(message: "expected an index or a quoted name in '[\(inside)]' in path '\(path)'")
                }
                i = close + 1
                needsSeparator = true
            } else if c == "." {
                guard i + 1 < characters.count, characters[i + 1] != ".", characters[i + 1] != "[" else {
                    throw JSONPathError(message: "expected a member name after '.' in path '\(path)'")
                }
                i += 1
                needsSeparator = false
            } else {
                guard !needsSeparator else {
                    throw JSONPathError(message: "expected '.' or '[' before '\(c)' in path '\(path)'")
                }
                var end = i
                while end < characters.count, characters[end] != ".", characters[end] != "[" { end += 1 }
                steps.append(.member(String(characters[i..<end])))
                i = end
                needsSeparator = true
            }
        }
        return steps
    }
}
