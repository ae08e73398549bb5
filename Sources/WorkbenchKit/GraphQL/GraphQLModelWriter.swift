import GraphQLDocuments

/// `graphql models`: Codable structs for what a query selects, typed from the schema, so that
/// `decode QueryData --at data` (or `decode [Country] --at data.countries`) reads its response.
///
/// A query, not the schema, says what a response holds: a `Country` selected with two fields is a
/// struct of two properties. The schema says each field's type and whether it can be null.
public enum GraphQLModelWriter {
    public struct Output: Sendable {
        /// The declarations, root first, one blank line between them.
        public var source: String
        public var typeNames: [String]
        public var notes: [String]
    }

    /// Types for `operation`'s selection; the root is `rootName`, else the operation's name and
    /// `Data` (`QueryData` for an unnamed query).
    public static func write(_ document: GraphQLDocument, operation: GraphQLOperation, schema: GraphQLSchemaDescription,
                             rootName: String? = nil) throws(WorkbenchError) -> Output {
        let rootTypeName: String? = switch operation.kind {
        case .query: schema.queryType.name
        case .mutation: schema.mutationType?.name
        case .subscription: schema.subscriptionType?.name
        }
        guard let rootTypeName, let rootType = schema.type(named: rootTypeName) else {
            throw .graphQL("the schema has no \(operation.kind.rawValue) type")
        }
        var writer = Writer(schema: schema, fragments: document.fragments)
        let name = rootName ?? ((operation.name.map(SwiftName.typeName) ?? (operation.kind.rawValue.prefix(1).uppercased() + operation.kind.rawValue.dropFirst())) + "Data")
        writer.reserved.insert(name)
        try writer.structure(named: name, type: rootType, selections: operation.selections)
        return Output(source: writer.declarations.map(\.source).joined(separator: "\n\n") + "\n",
                      typeNames: writer.declarations.map(\.name), notes: writer.notes)
    }

    struct Declaration {
        var name: String
        /// The GraphQL type it stands for.
        var graphQLType: String
        /// `let name: Type` lines, in selection order.
        var properties: [String]
        var source: String {
            "struct \(name): Codable {\n" + properties.map { "    " + $0 + "\n" }.joined() + "}"
        }
    }

    struct Writer {
        let schema: GraphQLSchemaDescription
        let fragments: [GraphQLFragmentDefinition]
        var declarations: [Declaration] = []
        var reserved: Set<String> = []
        var notes: [String] = []

        /// Declares a struct for `selections` on `type` (unless one of the same properties exists) and
        /// returns its name.
        @discardableResult
        mutating func structure(named name: String, type: GraphQLSchemaDescription.FullType,
                                selections: [GraphQLSelection]) throws(WorkbenchError) -> String {
            let index = declarations.count
            declarations.append(Declaration(name: name, graphQLType: type.name, properties: []))
            var properties: [String] = []
            for (key, field, optional, owner) in try collect(selections, on: type) {
                if field.name == "__typename" {
                    properties.append("let \(SwiftName.property(key)): String" + (optional ? "?" : ""))
                    continue
                }
                guard let definition = owner.fields?.first(where: { $0.name == field.name }) else {
                    throw .graphQL("\(owner.name) has no field '\(field.name)' in the schema — `spec graphql` reads it again if it changed")
                }
                var swiftType = try swiftTypeName(definition.type, field: field, parent: name)
                if optional, !swiftType.hasSuffix("?") { swiftType += "?" }
                properties.append("let \(SwiftName.property(key)): \(swiftType)")
            }
            // The same type selected the same way again: the struct declared before is reused.
            if let same = declarations[..<index].first(where: { $0.graphQLType == type.name && $0.properties == properties }) {
                declarations.remove(at: index)
                reserved.remove(name)
                return same.name
            }
            declarations[index].properties = properties
            return name
        }

        /// `[Country]`, `String?`: a field's type; an object's own struct is declared on the way.
        mutating func swiftTypeName(_ reference: GraphQLSchemaDescription.TypeRef, field: GraphQLField,
                                    parent: String) throws(WorkbenchError) -> String {
            switch reference {
            case .nonNull(let inner):
                let name = try swiftTypeName(inner, field: field, parent: parent)
                return name.hasSuffix("?") ? String(name.dropLast()) : name
            case .list(let inner):
                return "[" + (try swiftTypeName(inner, field: field, parent: parent)) + "]?"
            case .named(let kind, let typeName):
                switch kind {
                case .OBJECT, .INTERFACE, .UNION:
                    guard let type = schema.type(named: typeName) else { throw .graphQL("the schema has no type '\(typeName)'") }
                    let name = structName(for: typeName, field: field, parent: parent)
                    return try structure(named: name, type: type, selections: field.selections) + "?"
                default:
                    return scalar(typeName, kind: kind) + "?"
                }
            }
        }

        /// The GraphQL type's own name when it is free (`Country`), else the field's (`Neighbours`),
        /// else the parent's and the field's, numbered if need be.
        mutating func structName(for typeName: String, field: GraphQLField, parent: String) -> String {
            let key = SwiftName.typeName(field.responseKey)
            let candidates = [SwiftName.typeName(typeName), key, parent + key]
            let free = candidates.first { !SwiftName.taken.contains($0) && !reserved.contains($0) }
            var name = free ?? parent + key
            if free == nil {
                var number = 2
                while reserved.contains(name + String(number)) { number += 1 }
                name += String(number)
            }
            reserved.insert(name)
            return name
        }

        mutating func scalar(_ name: String, kind: GraphQLSchemaDescription.Kind) -> String {
            switch name {
            case "Int": return "Int"
            case "Float": return "Double"
            case "Boolean": return "Bool"
            case "String", "ID": return "String"
            default:
                if kind != .ENUM { notes.append("\(name) is a custom scalar, declared as String: change it if its JSON is not a string") }
                return "String"
            }
        }

        /// The response keys `selections` give on `type`, in order, each once, with the type that
        /// defines the field: fragments on the type spread in; a field under `@skip`/`@include`, or in
        /// a fragment on another type (one of an interface's or union's), may be absent: optional.
        func collect(_ selections: [GraphQLSelection], on type: GraphQLSchemaDescription.FullType, optional: Bool = false,
                     visited: Set<String> = []) throws(WorkbenchError) -> [(String, GraphQLField, Bool, GraphQLSchemaDescription.FullType)] {
            var result: [(String, GraphQLField, Bool, GraphQLSchemaDescription.FullType)] = []
            func add(_ entries: [(String, GraphQLField, Bool, GraphQLSchemaDescription.FullType)]) {
                for (key, field, isOptional, owner) in entries {
                    if let index = result.firstIndex(where: { $0.0 == key }) {
                        result[index].1.selections += field.selections
                        result[index].2 = result[index].2 && isOptional
                    } else {
                        result.append((key, field, isOptional, owner))
                    }
                }
            }
            /// A fragment's selections, on its own type when that is another one.
            func fragment(_ condition: String?, _ inner: [GraphQLSelection], _ directives: [GraphQLDirective],
                          _ visited: Set<String>) throws(WorkbenchError) {
                let always = condition.map { applies($0, to: type) } ?? true
                let owner = always ? type : condition.flatMap(schema.type(named:)) ?? type
                add(try collect(inner, on: owner, optional: optional || !always || Self.isConditional(directives), visited: visited))
            }
            for selection in selections {
                switch selection {
                case .field(let field):
                    add([(field.responseKey, field, optional || Self.isConditional(field.directives), type)])
                case .inlineFragment(let inline):
                    try fragment(inline.typeCondition, inline.selections, inline.directives, visited)
                case .fragmentSpread(let spread):
                    guard !visited.contains(spread.name) else { continue }
                    guard let definition = fragments.first(where: { $0.name == spread.name }) else {
                        throw .graphQL("the query spreads ...\(spread.name), but defines no fragment of that name")
                    }
                    try fragment(definition.typeCondition, definition.selections, spread.directives, visited.union([spread.name]))
                }
            }
            return result
        }

        /// Whether a fragment on `condition` always applies to a value of `type`.
        func applies(_ condition: String, to type: GraphQLSchemaDescription.FullType) -> Bool {
            if condition == type.name || type.interfaces?.contains(where: { $0.namedType == condition }) == true { return true }
            return schema.type(named: condition)?.possibleTypes?.contains { $0.namedType == type.name } == true
        }

        static func isConditional(_ directives: [GraphQLDirective]) -> Bool {
            directives.contains { $0.name == "skip" || $0.name == "include" }
        }
    }
}

/// Swift spellings of GraphQL names.
enum SwiftName {
    /// Names a struct must not take: Swift's and Foundation's types that models use.
    static let taken: Set<String> = ["String", "Int", "Double", "Bool", "Data", "Date", "URL", "UUID", "Decimal", "Error",
                                     "Result", "Optional", "Array", "Dictionary", "Set", "Character", "Any", "Type", "Protocol", "Codable"]
    static let keywords: Set<String> = ["associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
                                        "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
                                        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
                                        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
                                        "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self", "Self",
                                        "throw", "throws", "true", "try"]

    static func property(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `countries` → `Countries`, `CountryName` stays.
    static func typeName(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
