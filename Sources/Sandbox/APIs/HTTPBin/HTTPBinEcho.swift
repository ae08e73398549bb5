import Foundation

/// httpbin's echo objects: what it saw of the request, keys sorted as Flask's `jsonify` prints them.
struct HTTPBinEcho {
    let request: SandboxRequest

    /// The fields of an echo, by name: `args`, `data`, `files`, `form`, `headers`, `json`, `method`, `origin`, `url`.
    func object(_ fields: [String], extra: [(key: String, value: JSONValue)] = []) -> JSONValue {
        let members = fields.map { ($0, value(of: $0)) } + extra
        return .object(members.sorted { $0.key < $1.key })
    }

    func value(of field: String) -> JSONValue {
        switch field {
        case "args": return Self.dictionary(request.query)
        case "data": return isForm ? .string("") : .string(String(decoding: request.body, as: UTF8.self))
        case "files": return .object([])
        case "form": return isForm ? Self.dictionary(SandboxRequest.queryItems(String(decoding: request.body, as: UTF8.self))) : .object([])
        case "headers": return headers
        case "json": return json
        case "method": return .string(request.method)
        case "origin": return .string(request.clientAddress)
        case "url": return .string(request.url)
        default: return .null
        }
    }

    private var isForm: Bool {
        request.header("Content-Type")?.lowercased().contains("application/x-www-form-urlencoded") == true
    }

    /// The request headers, names in httpbin's Title-Case, sorted; repeated ones joined with commas.
    var headers: JSONValue {
        var merged: [(key: String, value: String)] = []
        for header in request.headers {
            let name = Self.titleCased(header.name)
            if let index = merged.firstIndex(where: { $0.key == name }) {
                merged[index].value += "," + header.value
            } else {
                merged.append((name, header.value))
            }
        }
        return .object(merged.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }

    /// The body when it is JSON (its bytes, minified), else `null`.
    var json: JSONValue {
        guard !request.body.isEmpty, let source = try? JSONSource(request.body) else { return .null }
        return .raw(JSONLayout.minified(source.bytes(of: source.root)))
    }

    /// Query items as httpbin shows them: one value as a string, repeated values as an array.
    static func dictionary(_ items: [(name: String, value: String)]) -> JSONValue {
        var names: [String] = []
        for item in items where !names.contains(item.name) { names.append(item.name) }
        return .object(names.sorted().map { name in
            let values = items.filter { $0.name == name }.map(\.value)
            return (name, values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) }))
        })
    }

    static func titleCased(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
            .joined(separator: "-")
    }
}
