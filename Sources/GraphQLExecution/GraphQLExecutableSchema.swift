import GraphQLDocuments

/// The arguments a resolver gets: coerced to their declared types, defaults applied, in declaration
/// order. Omitted arguments without a default are absent; ones given as `null` are `.null`.
public struct GraphQLArguments: Sendable {
    public var values: [(name: String, value: GraphQLJSONValue)]

    public init(_ values: [(name: String, value: GraphQLJSONValue)] = []) { self.values = values }

    public subscript(name: String) -> GraphQLJSONValue? {
        values.first { $0.name == name }?.value
    }
}

/// Resolves one field of one object type: given the parent value (`()` for the root), returns the
/// field's value: nil or NSNull for null, a String/Int/Double/Bool for a scalar (an enum by its
/// value's name), an array for a list, any value for an object (it becomes its fields' parent).
/// A thrown error becomes the field's error, its message `String(describing: error)`.
public typealias GraphQLFieldResolver = @Sendable (_ parent: Any, _ arguments: GraphQLArguments) throws -> Any?

/// For an interface or union: the name of the object type of a value.
public typealias GraphQLTypeResolver = @Sendable (_ value: Any) -> String?

/// A schema ready to run queries: its declaration as data (`GraphQLSchemaDescription`, which must
/// list every type it uses, the introspection types among them) plus one resolver per field, keyed
/// by type name and field name. A field without a resolver reads the parent as `[String: Any]`,
/// or else the parent's stored property of the field's name.
public struct GraphQLExecutableSchema: Sendable {
    public let description: GraphQLSchemaDescription
    let index: GraphQLSchemaIndex
    /// The most bytes a response's `data` may take before the execution stops with one error.
    public let maximumDataBytes: Int

    /// - Parameter sortsIntrospectionByName: GraphQLSwift lists `__schema.types`, a type's `fields`
    ///   and `inputFields` sorted by name; false keeps the declared order.
    public init(
        description: GraphQLSchemaDescription,
        resolvers: [String: [String: GraphQLFieldResolver]],
        typeResolvers: [String: GraphQLTypeResolver] = [:],
        sortsIntrospectionByName: Bool = true,
        maximumDataBytes: Int = 8 << 20
    ) throws(GraphQLSchemaError) {
        self.description = description
        self.maximumDataBytes = maximumDataBytes
        index = try GraphQLSchemaIndex(
            description: description, resolvers: resolvers, typeResolvers: typeResolvers,
            sortsIntrospectionByName: sortsIntrospectionByName
        )
    }
}

/// A declaration the executor cannot run: a type used but not declared, a default value that does not parse.
public struct GraphQLSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// An argument, input field or directive argument, its default parsed once.
struct GraphQLInputValueDefinition: Sendable {
    let name: String
    let type: GraphQLTypeReference
    let defaultValue: GraphQLValue?
    let declaration: GraphQLSchemaDescription.InputValue

    /// Non-null without a default: must be given.
    var isRequired: Bool {
        if case .nonNull = type { return defaultValue == nil }
        return false
    }
}

final class GraphQLFieldDefinition: Sendable {
    let name: String
    let type: GraphQLTypeReference
    let arguments: [GraphQLInputValueDefinition]
    let resolver: GraphQLFieldResolver?
    let declaration: GraphQLSchemaDescription.Field

    init(name: String, type: GraphQLTypeReference, arguments: [GraphQLInputValueDefinition],
         resolver: GraphQLFieldResolver?, declaration: GraphQLSchemaDescription.Field) {
        self.name = name; self.type = type; self.arguments = arguments
        self.resolver = resolver; self.declaration = declaration
    }
}

/// A named type with lookups by name.
final class GraphQLTypeDefinition: Sendable {
    let name: String
    let kind: GraphQLSchemaDescription.Kind
    let declaration: GraphQLSchemaDescription.FullType
    /// OBJECT and INTERFACE, in declared order and by name.
    let fields: [GraphQLFieldDefinition]
    let fieldsByName: [String: GraphQLFieldDefinition]
    /// INPUT_OBJECT.
    let inputFields: [GraphQLInputValueDefinition]
    let inputFieldsByName: [String: GraphQLInputValueDefinition]
    let enumValueNames: Set<String>
    /// OBJECT types an INTERFACE or UNION can be.
    let possibleTypeNames: Set<String>
    let typeResolver: GraphQLTypeResolver?

    init(declaration: GraphQLSchemaDescription.FullType, fields: [GraphQLFieldDefinition], inputFields: [GraphQLInputValueDefinition],
         possibleTypeNames: Set<String>, typeResolver: GraphQLTypeResolver?) {
        name = declaration.name
        kind = declaration.kind
        self.declaration = declaration
        self.fields = fields
        fieldsByName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.inputFields = inputFields
        inputFieldsByName = Dictionary(inputFields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        enumValueNames = Set((declaration.enumValues ?? []).map(\.name))
        self.possibleTypeNames = possibleTypeNames
        self.typeResolver = typeResolver
    }

    var isComposite: Bool { kind == .OBJECT || kind == .INTERFACE || kind == .UNION }
    var isLeaf: Bool { kind == .SCALAR || kind == .ENUM }
    var isInput: Bool { kind == .SCALAR || kind == .ENUM || kind == .INPUT_OBJECT }
    var isAbstract: Bool { kind == .INTERFACE || kind == .UNION }
}

struct GraphQLDirectiveDefinition: Sendable {
    let name: String
    let locations: [String]
    let arguments: [GraphQLInputValueDefinition]
}

/// The schema's lookups, built once: what validation and execution consult for every field.
final class GraphQLSchemaIndex: Sendable {
    let description: GraphQLSchemaDescription
    let types: [String: GraphQLTypeDefinition]
    let directives: [String: GraphQLDirectiveDefinition]
    let queryTypeName: String
    let mutationTypeName: String?
    let subscriptionTypeName: String?
    let sortsIntrospectionByName: Bool
    /// `__schema`, `__type(name:)` and `__typename`, which no type declares.
    let schemaField: GraphQLFieldDefinition
    let typeField: GraphQLFieldDefinition
    let typenameField: GraphQLFieldDefinition

    init(description: GraphQLSchemaDescription, resolvers: [String: [String: GraphQLFieldResolver]],
         typeResolvers: [String: GraphQLTypeResolver], sortsIntrospectionByName: Bool) throws(GraphQLSchemaError) {
        self.description = description
        self.sortsIntrospectionByName = sortsIntrospectionByName
        queryTypeName = description.queryType.name
        mutationTypeName = description.mutationType?.name
        subscriptionTypeName = description.subscriptionType?.name
        let introspection = IntrospectionResolvers.table

        var possibleTypes: [String: Set<String>] = [:]
        for type in description.types {
            if type.kind == .UNION || type.kind == .INTERFACE {
                for possible in type.possibleTypes ?? [] {
                    if case .named(_, let name) = possible { possibleTypes[type.name, default: []].insert(name) }
                }
            }
            if type.kind == .OBJECT {
                for interface in type.interfaces ?? [] {
                    if case .named(_, let name) = interface { possibleTypes[name, default: []].insert(type.name) }
                }
            }
        }

        var types: [String: GraphQLTypeDefinition] = [:]
        for type in description.types {
            let fieldResolvers = type.name.hasPrefix("__") ? introspection[type.name] ?? [:] : resolvers[type.name] ?? [:]
            var fields: [GraphQLFieldDefinition] = []
            for field in type.fields ?? [] {
                fields.append(GraphQLFieldDefinition(
                    name: field.name, type: field.type.typeReference,
                    arguments: try Self.inputValues(field.args, owner: "\(type.name).\(field.name)"),
                    resolver: fieldResolvers[field.name], declaration: field
                ))
            }
            types[type.name] = GraphQLTypeDefinition(
                declaration: type, fields: fields,
                inputFields: try Self.inputValues(type.inputFields ?? [], owner: type.name),
                possibleTypeNames: possibleTypes[type.name] ?? [], typeResolver: typeResolvers[type.name]
            )
        }
        self.types = types

        var directives: [String: GraphQLDirectiveDefinition] = [:]
        for directive in description.directives {
            directives[directive.name] = GraphQLDirectiveDefinition(
                name: directive.name, locations: directive.locations,
                arguments: try Self.inputValues(directive.args, owner: "@\(directive.name)")
            )
        }
        self.directives = directives

        // The meta fields' values come from the executor itself (it knows the schema and the parent type).
        schemaField = GraphQLFieldDefinition(
            name: "__schema", type: .nonNull(.named("__Schema")), arguments: [], resolver: nil,
            declaration: .field("__schema", .nonNull(.object("__Schema")), description: "Access the current type schema of this server.")
        )
        let nameArgument = GraphQLSchemaDescription.InputValue.input("name", .nonNull(.scalar("String")))
        typeField = GraphQLFieldDefinition(
            name: "__type", type: .named("__Type"),
            arguments: [GraphQLInputValueDefinition(name: "name", type: .nonNull(.named("String")), defaultValue: nil, declaration: nameArgument)],
            resolver: nil,
            declaration: .field("__type", .object("__Type"), description: "Request the type information of a single type.", args: [nameArgument])
        )
        typenameField = GraphQLFieldDefinition(
            name: "__typename", type: .nonNull(.named("String")), arguments: [], resolver: nil,
            declaration: .field("__typename", .nonNull(.scalar("String")), description: "The name of the current Object type at runtime.")
        )

        for name in [queryTypeName, mutationTypeName, subscriptionTypeName].compactMap({ $0 }) where types[name]?.kind != .OBJECT {
            throw GraphQLSchemaError(message: "The root type \(name) is not a declared object type.")
        }
        for type in types.values {
            let references = type.fields.flatMap { [$0.type] + $0.arguments.map(\.type) } + type.inputFields.map(\.type)
            for reference in references where types[reference.namedTypeName] == nil {
                throw GraphQLSchemaError(message: "\(type.name) uses the type \(reference.namedTypeName), which the schema does not declare.")
            }
        }
    }

    private static func inputValues(
        _ values: [GraphQLSchemaDescription.InputValue], owner: String
    ) throws(GraphQLSchemaError) -> [GraphQLInputValueDefinition] {
        var definitions: [GraphQLInputValueDefinition] = []
        for value in values {
            var parsedDefault: GraphQLValue?
            if let source = value.defaultValue {
                do {
                    parsedDefault = try GraphQLParser.parseValue(source)
                } catch {
                    throw GraphQLSchemaError(message: "The default value of \(owner)(\(value.name):) does not parse: \(error.message)")
                }
            }
            definitions.append(GraphQLInputValueDefinition(
                name: value.name, type: value.type.typeReference, defaultValue: parsedDefault, declaration: value
            ))
        }
        return definitions
    }

    /// The definition of `name` selected on `parentType`, meta fields included (`__schema` and
    /// `__type` only on the query type), as validation and execution look fields up.
    func field(named name: String, on parentType: GraphQLTypeDefinition) -> GraphQLFieldDefinition? {
        if name == "__typename" { return typenameField }
        if parentType.name == queryTypeName {
            if name == "__schema" { return schemaField }
            if name == "__type" { return typeField }
        }
        return parentType.fieldsByName[name]
    }

    /// The named type at the bottom of a reference (`[ID!]!` → ID), if declared.
    func namedType(_ reference: GraphQLTypeReference) -> GraphQLTypeDefinition? {
        switch reference {
        case .named(let name): types[name]
        case .list(let inner), .nonNull(let inner): namedType(inner)
        }
    }

    /// Whether an object of type `objectName` can be where `typeName` is expected.
    func isPossible(_ objectName: String, of typeName: String) -> Bool {
        guard let type = types[typeName] else { return false }
        return type.kind == .OBJECT ? type.name == objectName : type.possibleTypeNames.contains(objectName)
    }

    /// The object types a composite type can be: itself for an object.
    func possibleObjectNames(_ type: GraphQLTypeDefinition) -> Set<String> {
        type.kind == .OBJECT ? [type.name] : type.possibleTypeNames
    }
}
