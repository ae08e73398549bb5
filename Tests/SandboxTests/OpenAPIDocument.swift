import Foundation
import Sandbox

/// An OpenAPI document as the tests read it: parsed by Foundation, walked by hand. Deliberately light:
/// it finds operations, path templates, examples and the top-level type of a response schema, no more.
struct OpenAPIDocument {
    struct Operation {
        let method: String
        let template: String
        let fields: [String: Any]

        var parameters: [[String: Any]] { fields["parameters"] as? [[String: Any]] ?? [] }
        var responses: [String: Any] { fields["responses"] as? [String: Any] ?? [:] }

        /// The documented response for `status`: the code itself, its range (`3XX`), else `default`.
        func response(for status: Int) -> [String: Any]? {
            let key = [String(status), "\(status / 100)XX", "default"].first { responses[$0] != nil }
            return key.flatMap { responses[$0] as? [String: Any] }
        }

        /// The JSON example of the request body, when the operation takes one.
        var bodyExample: Data? {
            let body = fields["requestBody"] as? [String: Any]
            let json = (body?["content"] as? [String: Any])?["application/json"] as? [String: Any]
            return json?["example"].flatMap { try? JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed) }
        }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let root: [String: Any]

    init(_ data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DocumentError("the document is not a JSON object")
        }
        self.root = root
    }

    var schemas: [String: Any] { (root["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:] }

    var operations: [Operation] {
        let paths = root["paths"] as? [String: Any] ?? [:]
        return paths.keys.sorted().flatMap { template in
            let item = paths[template] as? [String: Any] ?? [:]
            return Self.methods.compactMap { method in
                (item[method] as? [String: Any]).map { Operation(method: method.uppercased(), template: template, fields: $0) }
            }
        }
    }

    /// Every `$ref` anywhere in the document.
    var references: [String] {
        func collect(_ value: Any) -> [String] {
            if let object = value as? [String: Any] {
                let own = (object["$ref"] as? String).map { [$0] } ?? []
                return own + object.values.flatMap(collect)
            }
            return (value as? [Any])?.flatMap(collect) ?? []
        }
        return collect(root)
    }

    /// The schema a `$ref` into `components/schemas` names, or the schema itself when it is not a reference.
    func resolved(_ schema: [String: Any]) -> [String: Any]? {
        guard let reference = schema["$ref"] as? String else { return schema }
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        return schemas[String(reference.dropFirst(prefix.count))] as? [String: Any]
    }

    /// Whether `path` (no query) fits `template` segment by segment, a `{param}` taking any one segment.
    static func matches(_ template: String, _ path: String) -> Bool {
        let wanted = template.split(separator: "/")
        let given = path.split(separator: "/")
        guard wanted.count == given.count else { return false }
        return zip(wanted, given).allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") || $0 == $1 }
    }

    /// A parameter's `example` as URL text (`true`, `1`, `col`); nil when it has none.
    static func exampleText(_ parameter: [String: Any]) -> String? {
        guard let example = parameter["example"] else { return nil }
        if let text = example as? String { return text }
        // Foundation writes numbers and booleans as JSON does; the brackets go.
        guard let data = try? JSONSerialization.data(withJSONObject: [example]) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }

    struct DocumentError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension SandboxRoute {
    /// Its examples as paths it serves: the query left off, a completion stem (`/v2/name/`) given one more segment.
    var examplePaths: [String] {
        examples.map { example in
            var path = String(example.split(separator: "?", omittingEmptySubsequences: false)[0])
            if path.hasSuffix("/"), path != "/" { path += "x" }
            return path
        }
    }
}
