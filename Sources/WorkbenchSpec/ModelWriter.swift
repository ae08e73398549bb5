import OpenAPIKit

/// Swift `Codable` declarations for a document's `components/schemas`, as text the REPL declares
/// as if typed: a struct per object (`allOf` merged), a `String` enum per string enum, an enum with
/// associated values per `oneOf`/`anyOf` (decoded by trying each in order), a typealias for an
/// array, a map or a scalar. What no `Codable` type can hold (any JSON) is left out, with a note.
public struct ModelWriter {
    public struct Output: Equatable {
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

        public static func == (lhs: Output, rhs: Output) -> Bool {
            lhs.source == rhs.source && lhs.typeNames == rhs.typeNames && lhs.notes == rhs.notes && lhs.usesDates == rhs.usesDates
                && lhs.renamed.map(\.schema) == rhs.renamed.map(\.schema) && lhs.renamed.map(\.type) == rhs.renamed.map(\.type)
        }
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
        let cut = writer.cyclicProperties(among: chosen)
        var blocks: [String] = []
        var declared: [String] = []
        var renamed: [(String, String)] = []
        for (name, schema) in spec.schemas where chosen.contains(name) {
            let typeName = writer.typeNames[name]!
            if typeName != SwiftNames.typeName(name) { renamed.append((name, typeName)) }
            if let block = writer.declaration(typeName, schema, schemaName: name, cut: cut[name] ?? []) {
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

    /// Properties that would make a struct hold itself (directly or through other structs' plain or
    /// optional properties: an infinite size), by schema name: left out, each with a note.
    func cyclicProperties(among chosen: Set<String>) -> [String: Set<String>] {
        var edges: [String: [(property: String, target: String)]] = [:]
        for (name, schema) in spec.schemas where chosen.contains(name) {
            for (property, propertySchema) in objectProperties(of: schema) {
                if let target = directReference(propertySchema), chosen.contains(target), isStruct(target) {
                    edges[name, default: []].append((property, target))
                }
            }
        }
        var cut: [String: Set<String>] = [:]
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        func visit(_ node: String) {
            state[node] = 1
            for edge in edges[node] ?? [] {
                switch state[edge.target] {
                case 1: cut[node, default: []].insert(edge.property)
                case nil: visit(edge.target)
                default: break
                }
            }
            state[node] = 2
        }
        for (name, _) in spec.schemas where chosen.contains(name) && state[name] == nil { visit(name) }
        return cut
    }

    /// The schema name a property holds directly (not inside an array or a map), if any.
    func directReference(_ schema: JSONSchema) -> String? {
        switch schema.value {
        case .reference(let reference, _): return SchemaReferences.componentName(reference)
        case .all(let parts, _) where parts.count == 1: return directReference(parts[0])
        case .one(let parts, _), .any(let parts, _):
            let nonNull = parts.filter { !$0.isNull }
            return nonNull.count == 1 ? directReference(nonNull[0]) : nil
        default: return nil
        }
    }

    func isStruct(_ name: String) -> Bool {
        guard let schema = spec.schema(named: name) else { return false }
        return !objectProperties(of: schema).isEmpty || schema.objectContext != nil
    }
}
