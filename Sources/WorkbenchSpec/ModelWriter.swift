import OpenAPIKit

/// Swift `Codable` declarations for a document's `components/schemas`, as text the REPL declares
/// as if typed: a struct per object (`allOf` merged), a `String` enum per string enum, an enum with
/// associated values per `oneOf`/`anyOf` (decoded by trying each in order), a typealias for an
/// array, a map or a scalar. What no `Codable` type can hold (any JSON) is left out, with a note.
public struct ModelWriter {
    public struct Output {
        /// The declarations, in the document's order, ready to declare.
        public var source: String
        /// The Swift type names declared, in order.
        public var typeNames: [String]
        /// Schema names changed because they are Swift's or the session's own types (`Error` → `ErrorModel`).
        public var renamed: [(schema: String, type: String)]
        /// What was left out or changed and why, a line each.
        public var notes: [String]
        /// Whether a property is a `Date` (`date-time`): decoding then needs `--dates iso8601`.
        public var usesDates: Bool
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noSuchSchema(String, known: [String])
        case noSchemas

        public var description: String {
            switch self {
            case .noSuchSchema(let name, let known):
                "no schema '\(name)' in the document" + (known.isEmpty ? "" : " — it has \(known.prefix(8).joined(separator: ", "))\(known.count > 8 ? ", …" : "")")
            case .noSchemas:
                "the document has no components/schemas to declare"
            }
        }
    }

    let spec: APISpec
    /// Schema name → Swift type name, for every schema of the document.
    let typeNames: [String: String]
    var notes: [String] = []
    var usesDates = false
    /// The schemas the declaration being written must not hold in place (`cyclicTargets`).
    var cutTargets: Set<String> = []
    /// What is worked out once per schema and asked for again and again.
    let cache = Cache()

    final class Cache {
        var merged: [String: (properties: [(name: String, schema: JSONSchema)], required: Set<String>, additional: JSONSchema?)] = [:]
        var isStruct: [String: Bool] = [:]
        var held: [String: [String]] = [:]
    }

    public init(spec: APISpec) {
        self.spec = spec
        var names: [String: String] = [:]
        var taken = Set<String>()
        for (name, _) in spec.schemas {
            var typeName = SwiftNames.typeName(name)
            if SwiftNames.reservedTypeNames.contains(typeName) { typeName += "Model" }
            while taken.contains(typeName) { typeName += "_" }
            taken.insert(typeName)
            names[name] = typeName
        }
        typeNames = names
    }

    /// The declarations for `names` (every schema when empty) and the schemas they use.
    public static func write(_ spec: APISpec, names: [String] = []) throws(Failure) -> Output {
        var writer = ModelWriter(spec: spec)
        guard !spec.schemas.isEmpty else { throw .noSchemas }
        for name in names where spec.schema(named: name) == nil && !writer.typeNames.values.contains(name) {
            throw .noSuchSchema(name, known: spec.schemas.map(\.name))
        }
        let wanted = names.map { name in writer.typeNames[name] == nil ? writer.typeNames.first { $0.value == name }!.key : name }
        let chosen = writer.closure(of: wanted.isEmpty ? spec.schemas.map(\.name) : wanted)
        let cut = writer.cyclicTargets(among: chosen)
        var blocks: [String] = []
        var declared: [String] = []
        var renamed: [(String, String)] = []
        for (name, schema) in spec.schemas where chosen.contains(name) {
            let typeName = writer.typeNames[name]!
            if typeName != SwiftNames.typeName(name) { renamed.append((name, typeName)) }
            writer.cutTargets = cut[name] ?? []
            if let block = writer.declaration(typeName, schema, schemaName: name) {
                blocks.append(block)
                declared.append(typeName)
            }
        }
        return Output(source: blocks.joined(separator: "\n\n") + "\n", typeNames: declared, renamed: renamed,
                      notes: writer.notes, usesDates: writer.usesDates)
    }

    /// `names` and every schema they refer to, transitively.
    func closure(of names: [String]) -> Set<String> {
        var chosen = Set<String>()
        var stack = names
        while let name = stack.popLast() {
            guard chosen.insert(name).inserted, let schema = spec.schema(named: name) else { continue }
            stack += Self.references(in: schema)
        }
        return chosen.filter { spec.schema(named: $0) != nil }
    }

    static func references(in schema: JSONSchema) -> [String] {
        var found: [String] = []
        var stack = [schema]
        while let next = stack.popLast() {
            if case .reference(let reference, _) = next.value {
                if let name = SchemaReferences.componentName(reference) { found.append(name) }
                continue
            }
            stack += SchemaReferences.children(of: next).map(\.schema)
        }
        return found
    }

    /// Where a struct would hold itself (an infinite size): for each schema, the schemas it must
    /// not hold directly. The edges are the schemas a struct holds in place — through its own and
    /// its inline objects' plain or optional properties, `allOf` merged in — not inside an array or
    /// a map, and not inside a `oneOf` enum, which is written `indirect`. A depth-first walk cuts
    /// each edge that closes a cycle; the properties that hold it are left out, each with a note.
    func cyclicTargets(among chosen: Set<String>) -> [String: Set<String>] {
        var edges: [String: [String]] = [:]
        for (name, _) in spec.schemas where chosen.contains(name) {
            edges[name] = heldByMerging(name).filter { chosen.contains($0) }
        }
        var cut: [String: Set<String>] = [:]
        var state: [String: Int] = [:]  // 1 on the walk's path, 2 done
        func visit(_ node: String) {
            state[node] = 1
            for target in edges[node] ?? [] {
                switch state[target] {
                case 1: cut[node, default: []].insert(target)
                case nil: visit(target)
                default: break
                }
            }
            state[node] = 2
        }
        for (name, _) in spec.schemas where chosen.contains(name) && state[name] == nil { visit(name) }
        return cut
    }

    /// The struct schemas a property's value holds in place (see `cyclicTargets`).
    func heldInPlace(_ schema: JSONSchema, depth: Int) -> [String] {
        guard depth < 12 else { return [] }
        switch schema.value {
        case .reference:
            return directReference(schema).map { isStruct($0) ? [$0] : [] } ?? []
        case .all(let parts, _) where parts.count == 1:
            return heldInPlace(parts[0], depth: depth + 1)
        case .object(_, let object):
            return object.properties.flatMap { heldInPlace($0.value, depth: depth + 1) }
        case .all(let parts, _):
            // Merged into one struct: it holds what each merged schema's properties hold.
            return parts.flatMap { part -> [String] in
                if case .reference(let reference, _) = part.value, let name = SchemaReferences.componentName(reference) {
                    return heldByMerging(name)
                }
                return heldInPlace(part, depth: depth + 1)
            }
        case .one(let parts, _), .any(let parts, _):
            let nonNull = parts.filter { !$0.isNull }
            return nonNull.count == 1 ? heldInPlace(nonNull[0], depth: depth + 1) : []
        default:
            return []
        }
    }

    /// What a struct holds in place that merges the properties of schema `name` (itself, or an
    /// `allOf` that names it): worked out once per schema; an `allOf` cycle stops where it closes.
    func heldByMerging(_ name: String) -> [String] {
        if let known = cache.held[name] { return known }
        guard let schema = spec.schema(named: name) else { return [] }
        cache.held[name] = []
        let held = objectProperties(of: schema).flatMap { heldInPlace($0.schema, depth: 0) }
        cache.held[name] = held
        return held
    }

    /// The schema a property holds directly, past aliases (`Pets = Pet`), a single `allOf` and a
    /// nullable `oneOf`/`anyOf`; nil for anything else.
    func directReference(_ schema: JSONSchema, depth: Int = 0) -> String? {
        guard depth < 12 else { return nil }
        switch schema.value {
        case .reference(let reference, _):
            guard let name = SchemaReferences.componentName(reference), let target = spec.schema(named: name) else { return nil }
            return directReference(target, depth: depth + 1) ?? name
        case .all(let parts, _) where parts.count == 1: return directReference(parts[0], depth: depth + 1)
        case .one(let parts, _), .any(let parts, _):
            let nonNull = parts.filter { !$0.isNull }
            return nonNull.count == 1 ? directReference(nonNull[0], depth: depth + 1) : nil
        default: return nil
        }
    }

    func isStruct(_ name: String) -> Bool {
        if let known = cache.isStruct[name] { return known }
        guard let schema = spec.schema(named: name) else { return false }
        let answer = !objectProperties(of: schema).isEmpty || schema.objectContext != nil
        cache.isStruct[name] = answer
        return answer
    }
}
