import GraphQLDocuments

// Introspection (spec §4.2) answered from the schema's own declaration: the values below are the
// parents of the `__Schema`, `__Type`, … fields, and carry the schema's index so that a type
// reference (`Country!`) can become the `__Type` of the declared type it names.

struct IntrospectedSchema {
    let index: GraphQLSchemaIndex
}

/// A `__Type`: a declared named type, or a list or non-null wrapper around another.
struct IntrospectedType {
    enum Shape {
        case named(GraphQLTypeDefinition)
        case list(GraphQLSchemaDescription.TypeRef)
        case nonNull(GraphQLSchemaDescription.TypeRef)
    }
    let index: GraphQLSchemaIndex
    let shape: Shape

    /// The `__Type` of a reference, nil when it names an undeclared type.
    init?(_ reference: GraphQLSchemaDescription.TypeRef, index: GraphQLSchemaIndex) {
        self.index = index
        switch reference {
        case .named(_, let name):
            guard let type = index.types[name] else { return nil }
            shape = .named(type)
        case .list(let inner): shape = .list(inner)
        case .nonNull(let inner): shape = .nonNull(inner)
        }
    }

    init(_ type: GraphQLTypeDefinition, index: GraphQLSchemaIndex) {
        self.index = index
        shape = .named(type)
    }

    var named: GraphQLTypeDefinition? {
        if case .named(let type) = shape { return type }
        return nil
    }
}

struct IntrospectedField {
    let index: GraphQLSchemaIndex
    let field: GraphQLSchemaDescription.Field
}

struct IntrospectedInputValue {
    let index: GraphQLSchemaIndex
    let value: GraphQLSchemaDescription.InputValue
}

struct IntrospectedDirective {
    let index: GraphQLSchemaIndex
    let directive: GraphQLSchemaDescription.Directive
}

enum IntrospectionResolvers {
    /// The resolvers of the introspection types, by type name and field name.
    static let table: [String: [String: GraphQLFieldResolver]] = [
        "__Schema": [
            "description": { _, _ in nil },
            "types": { parent, _ in
                let schema = parent as! IntrospectedSchema
                var types = schema.index.description.types
                if schema.index.sortsIntrospectionByName { types.sort { $0.name < $1.name } }
                return types.compactMap { type in schema.index.types[type.name].map { IntrospectedType($0, index: schema.index) } }
            },
            "queryType": { parent, _ in
                let index = (parent as! IntrospectedSchema).index
                return rootType(index.queryTypeName, index)
            },
            "mutationType": { parent, _ in
                let index = (parent as! IntrospectedSchema).index
                return rootType(index.mutationTypeName, index)
            },
            "subscriptionType": { parent, _ in
                let index = (parent as! IntrospectedSchema).index
                return rootType(index.subscriptionTypeName, index)
            },
            "directives": { parent, _ in
                let index = (parent as! IntrospectedSchema).index
                return index.description.directives.map { IntrospectedDirective(index: index, directive: $0) }
            },
        ],
        "__Type": [
            "kind": { parent, _ in
                switch (parent as! IntrospectedType).shape {
                case .named(let type): type.kind.rawValue
                case .list: "LIST"
                case .nonNull: "NON_NULL"
                }
            },
            "name": { parent, _ in (parent as! IntrospectedType).named?.name },
            "description": { parent, _ in (parent as! IntrospectedType).named?.declaration.description },
            "specifiedByURL": { _, _ in nil },
            "fields": { parent, arguments in
                let type = parent as! IntrospectedType
                guard let named = type.named, named.kind == .OBJECT || named.kind == .INTERFACE else { return nil }
                var fields = named.declaration.fields ?? []
                if arguments["includeDeprecated"]?.boolValue != true { fields.removeAll { $0.isDeprecated } }
                if type.index.sortsIntrospectionByName { fields.sort { $0.name < $1.name } }
                return fields.map { IntrospectedField(index: type.index, field: $0) }
            },
            "interfaces": { parent, _ in
                let type = parent as! IntrospectedType
                guard let named = type.named, named.kind == .OBJECT || named.kind == .INTERFACE else { return nil }
                return (named.declaration.interfaces ?? []).compactMap { IntrospectedType($0, index: type.index) }
            },
            "possibleTypes": { parent, _ in
                let type = parent as! IntrospectedType
                guard let named = type.named, named.isAbstract else { return nil }
                if let declared = named.declaration.possibleTypes {
                    return declared.compactMap { IntrospectedType($0, index: type.index) }
                }
                return type.index.description.types.filter { named.possibleTypeNames.contains($0.name) }
                    .compactMap { type.index.types[$0.name].map { IntrospectedType($0, index: type.index) } }
            },
            "enumValues": { parent, arguments in
                guard let named = (parent as! IntrospectedType).named, named.kind == .ENUM else { return nil }
                var values = named.declaration.enumValues ?? []
                if arguments["includeDeprecated"]?.boolValue != true { values.removeAll { $0.isDeprecated } }
                return values
            },
            "inputFields": { parent, _ in
                let type = parent as! IntrospectedType
                guard let named = type.named, named.kind == .INPUT_OBJECT else { return nil }
                var fields = named.declaration.inputFields ?? []
                if type.index.sortsIntrospectionByName { fields.sort { $0.name < $1.name } }
                return fields.map { IntrospectedInputValue(index: type.index, value: $0) }
            },
            "ofType": { parent, _ in
                let type = parent as! IntrospectedType
                switch type.shape {
                case .named: return nil
                case .list(let inner), .nonNull(let inner): return IntrospectedType(inner, index: type.index)
                }
            },
            // GraphQLSwift answers false for every type, input objects included (none is @oneOf here).
            "isOneOf": { _, _ in false },
        ],
        "__Field": [
            "name": { parent, _ in (parent as! IntrospectedField).field.name },
            "description": { parent, _ in (parent as! IntrospectedField).field.description },
            "args": { parent, _ in
                let field = parent as! IntrospectedField
                return field.field.args.map { IntrospectedInputValue(index: field.index, value: $0) }
            },
            "type": { parent, _ in
                let field = parent as! IntrospectedField
                return IntrospectedType(field.field.type, index: field.index)
            },
            "isDeprecated": { parent, _ in (parent as! IntrospectedField).field.isDeprecated },
            "deprecationReason": { parent, _ in (parent as! IntrospectedField).field.deprecationReason },
        ],
        "__InputValue": [
            "name": { parent, _ in (parent as! IntrospectedInputValue).value.name },
            "description": { parent, _ in (parent as! IntrospectedInputValue).value.description },
            "type": { parent, _ in
                let value = parent as! IntrospectedInputValue
                return IntrospectedType(value.value.type, index: value.index)
            },
            // Printed again from the parsed literal, as GraphQLSwift prints defaults (`{}` as `{  }`).
            "defaultValue": { parent, _ in
                guard let source = (parent as! IntrospectedInputValue).value.defaultValue else { return nil }
                guard let literal = try? GraphQLParser.parseValue(source) else { return source }
                return GraphQLValuePrinter.print(literal)
            },
            "isDeprecated": { _, _ in false },
            "deprecationReason": { _, _ in nil },
        ],
        "__EnumValue": [
            "name": { parent, _ in (parent as! GraphQLSchemaDescription.EnumValue).name },
            "description": { parent, _ in (parent as! GraphQLSchemaDescription.EnumValue).description },
            "isDeprecated": { parent, _ in (parent as! GraphQLSchemaDescription.EnumValue).isDeprecated },
            "deprecationReason": { parent, _ in (parent as! GraphQLSchemaDescription.EnumValue).deprecationReason },
        ],
        "__Directive": [
            "name": { parent, _ in (parent as! IntrospectedDirective).directive.name },
            "description": { parent, _ in (parent as! IntrospectedDirective).directive.description },
            // The description has no such member: none of the specified directives is repeatable.
            "isRepeatable": { _, _ in false },
            "locations": { parent, _ in (parent as! IntrospectedDirective).directive.locations },
            "args": { parent, _ in
                let directive = parent as! IntrospectedDirective
                return directive.directive.args.map { IntrospectedInputValue(index: directive.index, value: $0) }
            },
        ],
    ]

    private static func rootType(_ name: String?, _ index: GraphQLSchemaIndex) -> IntrospectedType? {
        name.flatMap { index.types[$0] }.map { IntrospectedType($0, index: index) }
    }
}
