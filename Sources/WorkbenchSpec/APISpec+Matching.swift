import Foundation
import OpenAPIKit

/// Finding the operation a request is for.
extension APISpec {
    public enum OperationMatch {
        case found(SpecOperation)
        /// The path is the document's, the method is not: the methods it has.
        case otherMethods([String])
        case none
    }

    /// The path of `url` as the document writes paths: under one of its servers (the longest
    /// whose origin and path prefix it shares); nil for a URL no server of the document covers.
    public func documentPath(of url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        let path = components.path
        var best: String?
        for server in servers {
            guard let base = URLComponents(string: server), base.scheme?.lowercased() == components.scheme?.lowercased(),
                  base.host?.lowercased() == components.host?.lowercased(), base.port == components.port else { continue }
            let prefix = base.path.hasSuffix("/") ? String(base.path.dropLast()) : base.path
            guard path == prefix || path.hasPrefix(prefix + "/") else { continue }
            let rest = String(path.dropFirst(prefix.count))
            if best == nil || rest.count < best!.count { best = rest.isEmpty ? "/" : rest }
        }
        return best
    }

    /// The operation for `method` on `path` (a path as `documentPath` gives it); the most literal
    /// template wins (`/pet/findByStatus` over `/pet/{petId}`).
    public func operation(method: String, path: String) -> OperationMatch {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { Substring($0.removingPercentEncoding ?? String($0)) }
        var bestScore = -1
        var candidates: [SpecOperation] = []
        for operation in operations {
            guard let score = operation.template.match(segments) else { continue }
            if score > bestScore {
                bestScore = score
                candidates = [operation]
            } else if score == bestScore {
                candidates.append(operation)
            }
        }
        if let found = candidates.first(where: { $0.method == method.uppercased() }) { return .found(found) }
        if candidates.isEmpty { return .none }
        return .otherMethods(candidates.map(\.method))
    }
}

/// A request against its operation: required parameters present, enum values allowed.
enum RequestCheck {
    static func warning(_ operation: SpecOperation, url: URL, headerNames: [String]) -> String? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        let headers = Set(headerNames.map { $0.lowercased() })
        for parameter in operation.parameters {
            switch parameter.location {
            case .query:
                let given = items.filter { $0.name == parameter.name }
                if given.isEmpty {
                    if parameter.required { return "\(operation.name): required query parameter '\(parameter.name)' is missing" }
                    continue
                }
                if let allowed = enumValues(parameter.schema), !allowed.isEmpty {
                    for item in given {
                        let values = (item.value ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                        if let wrong = values.first(where: { !allowed.contains($0) }) {
                            return "\(operation.name): \(parameter.name)=\(wrong) is not one of \(allowed.joined(separator: ", "))"
                        }
                    }
                }
            case .header:
                if parameter.required, !headers.contains(parameter.name.lowercased()) {
                    return "\(operation.name): required header '\(parameter.name)' is missing"
                }
            case .path, .cookie, .querystring:
                continue
            }
        }
        return nil
    }

    /// A parameter's allowed string values (its own `enum`, or its array items').
    static func enumValues(_ schema: OpenAPIKit.JSONSchema?) -> [String]? {
        guard let schema else { return nil }
        if let values = schema.allowedValues { return values.map { String(describing: $0.value) } }
        if let items = schema.arrayContext?.items, let values = items.allowedValues { return values.map { String(describing: $0.value) } }
        return nil
    }
}
