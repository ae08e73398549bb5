import Foundation
import OpenAPIKit

/// Tab completion from a document: paths (a template as far as it is typed: `/pets/{id}` →
/// `/pets/`), the query parameters and headers an operation declares, their enum values, and
/// operationIds. Paths are relative to `root`, the document path the base points at.
public struct SpecCompletion {
    let spec: APISpec
    let root: String

    /// `base` is the session's base URL (nil: paths as the document writes them).
    public init(spec: APISpec, base: URL?) {
        self.spec = spec
        let root = base.flatMap(spec.documentPath(of:)) ?? "/"
        self.root = root == "/" ? "" : root
    }

    /// Paths under the base that start with `prefix`, literal ones whole and templates up to their first variable.
    public func paths(matching prefix: String) -> [String] {
        var seen = Set<String>()
        var found: [String] = []
        for operation in spec.operations {
            guard operation.path.hasPrefix(root) else { continue }
            let relative = String(operation.path.dropFirst(root.count))
            let typed = PathTemplate.typedPrefix(of: relative.isEmpty ? "/" : relative)
            if typed.hasPrefix(prefix), seen.insert(typed).inserted { found.append(typed) }
        }
        return found
    }

    /// The operations a typed path (relative to the base) may be: every method on the best-matching template.
    func operations(forPath path: String) -> [SpecOperation] {
        let full = root + (path.hasPrefix("/") ? path : "/" + path)
        let withoutQuery = full.split(separator: "?", maxSplits: 1).first.map(String.init) ?? full
        switch spec.operation(method: "", path: withoutQuery) {
        case .found(let operation): return [operation]
        case .otherMethods(let methods):
            return methods.compactMap { method in
                if case .found(let operation) = spec.operation(method: method, path: withoutQuery) { return operation }
                return nil
            }
        case .none: return []
        }
    }

    /// Names of the query parameters the operations on `path` declare (the one for `method` first).
    public func queryNames(forPath path: String, method: String? = nil) -> [String] {
        parameterNames(forPath: path, method: method, location: .query)
    }

    /// Names of the headers the operations on `path` declare.
    public func headerNames(forPath path: String, method: String? = nil) -> [String] {
        parameterNames(forPath: path, method: method, location: .header)
    }

    private func parameterNames(forPath path: String, method: String?, location: SpecParameter.Location) -> [String] {
        var operations = operations(forPath: path)
        if let method { operations.sort { ($0.method == method.uppercased() ? 0 : 1) < ($1.method == method.uppercased() ? 0 : 1) } }
        var seen = Set<String>()
        return operations.flatMap(\.parameters).filter { $0.location == location && seen.insert($0.name).inserted }.map(\.name)
    }

    /// The enum values of the query parameter `name` on `path`.
    public func values(forPath path: String, parameter name: String) -> [String] {
        for operation in operations(forPath: path) {
            if let parameter = operation.parameters.first(where: { $0.name == name && $0.location == .query }),
               let values = RequestCheck.enumValues(parameter.schema) {
                return values
            }
        }
        return []
    }

    /// operationIds starting with `prefix`, in the document's order.
    public func operationIds(matching prefix: String) -> [String] {
        spec.operations.compactMap(\.operationId).filter { $0.hasPrefix(prefix) }
    }
}
