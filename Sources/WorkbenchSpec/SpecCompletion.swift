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

    /// Paths under the base that continue `prefix`, segment by segment: a variable's segment as
    /// typed (`/pet/12/u` → `/pet/12/uploadImage`), then the literal segments that follow up to the
    /// next variable (`/pe` → `/pet/findByStatus`, and `/pet/` for `/pet/{petId}`).
    public func paths(matching prefix: String) -> [String] {
        var typed = prefix.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if typed.first == "" { typed.removeFirst() }
        let partial = typed.popLast() ?? ""
        var seen = Set<String>()
        var found: [String] = []
        for operation in spec.operations where operation.path.hasPrefix(root) {
            let segments = operation.template.segments.dropFirst(root.split(separator: "/").count)
            guard segments.count > typed.count else { continue }
            var fits = true
            for (segment, word) in zip(segments, typed) {
                switch segment {
                case .literal(let text): fits = fits && text == word
                case .variable: fits = fits && !word.isEmpty
                }
            }
            guard fits, case .literal(let next) = segments[segments.startIndex + typed.count], next.hasPrefix(partial) else { continue }
            var completed = typed + [next]
            var index = segments.startIndex + typed.count + 1
            while index < segments.endIndex, case .literal(let text) = segments[index] {
                completed.append(text)
                index += 1
            }
            let candidate = "/" + completed.joined(separator: "/") + (index < segments.endIndex ? "/" : "")
            if candidate.hasPrefix(prefix), seen.insert(candidate).inserted { found.append(candidate) }
        }
        return found
    }

    /// The operations a typed path (relative to the base) may be: every method on the
    /// best-matching template, found in one pass over the operations.
    func operations(forPath path: String) -> [SpecOperation] {
        let full = root + (path.hasPrefix("/") ? path : "/" + path)
        let withoutQuery = full.split(separator: "?", maxSplits: 1).first.map(String.init) ?? full
        let segments = withoutQuery.split(separator: "/", omittingEmptySubsequences: true)
        var best = -1
        var found: [SpecOperation] = []
        for operation in spec.operations {
            guard let score = operation.template.match(segments), score >= best else { continue }
            if score > best {
                best = score
                found = []
            }
            found.append(operation)
        }
        return found
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
