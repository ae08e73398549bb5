/// A GraphQL executable document (October 2021 spec, §2): what a query's text parses to.
/// Every node carries where it starts, as GraphQL's errors report it (line and column from 1).

public struct GraphQLLocation: Equatable, Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

public struct GraphQLDocument: Equatable, Sendable {
    public var operations: [GraphQLOperation]
    public var fragments: [GraphQLFragmentDefinition]
    public init(operations: [GraphQLOperation], fragments: [GraphQLFragmentDefinition]) {
        self.operations = operations; self.fragments = fragments
    }
}

public struct GraphQLOperation: Equatable, Sendable {
    public enum Kind: String, Sendable { case query, mutation, subscription }
    public var kind: Kind
    /// nil for an anonymous operation (`{ … }` or `query { … }`).
    public var name: String?
    public var variables: [GraphQLVariableDefinition]
    public var directives: [GraphQLDirective]
    public var selections: [GraphQLSelection]
    public var location: GraphQLLocation

    public init(kind: Kind, name: String?, variables: [GraphQLVariableDefinition] = [], directives: [GraphQLDirective] = [],
                selections: [GraphQLSelection], location: GraphQLLocation) {
        self.kind = kind; self.name = name; self.variables = variables; self.directives = directives
        self.selections = selections; self.location = location
    }
}

public struct GraphQLVariableDefinition: Equatable, Sendable {
    public var name: String
    public var type: GraphQLTypeReference
    public var defaultValue: GraphQLValue?
    /// Const directives on the variable (`$v: Int @deprecated`). Added: the grammar allows them.
    public var directives: [GraphQLDirective]
    public var location: GraphQLLocation

    public init(name: String, type: GraphQLTypeReference, defaultValue: GraphQLValue? = nil,
                directives: [GraphQLDirective] = [], location: GraphQLLocation) {
        self.name = name; self.type = type; self.defaultValue = defaultValue
        self.directives = directives; self.location = location
    }
}

/// `String`, `[ID!]!`: a type as a query names it.
public indirect enum GraphQLTypeReference: Equatable, Sendable, CustomStringConvertible {
    case named(String)
    case list(GraphQLTypeReference)
    case nonNull(GraphQLTypeReference)
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}

public struct GraphQLDirective: Equatable, Sendable {
    public var name: String
    public var arguments: [GraphQLArgument]
    public var location: GraphQLLocation

    public init(name: String, arguments: [GraphQLArgument] = [], location: GraphQLLocation) {
        self.name = name; self.arguments = arguments; self.location = location
    }
}

public struct GraphQLArgument: Equatable, Sendable {
    public var name: String
    public var value: GraphQLValue
    public var location: GraphQLLocation

    public init(name: String, value: GraphQLValue, location: GraphQLLocation) {
        self.name = name; self.value = value; self.location = location
    }
}

public indirect enum GraphQLValue: Equatable, Sendable {
    case variable(String)
    /// Kept as written (`-12`), so that coercion can say what was given.
    case int(String)
    case float(String)
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([GraphQLValue])
    case object([(name: String, value: GraphQLValue)])

    public static func == (a: GraphQLValue, b: GraphQLValue) -> Bool {
        switch (a, b) {
        case (.variable(let x), .variable(let y)), (.int(let x), .int(let y)), (.float(let x), .float(let y)),
             (.string(let x), .string(let y)), (.enumValue(let x), .enumValue(let y)): x == y
        case (.boolean(let x), .boolean(let y)): x == y
        case (.null, .null): true
        case (.list(let x), .list(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        default: false
        }
    }
}

public enum GraphQLSelection: Equatable, Sendable {
    case field(GraphQLField)
    case fragmentSpread(GraphQLFragmentSpread)
    case inlineFragment(GraphQLInlineFragment)
}

public struct GraphQLField: Equatable, Sendable {
    public var alias: String?
    public var name: String
    public var arguments: [GraphQLArgument]
    public var directives: [GraphQLDirective]
    /// Empty for a leaf field.
    public var selections: [GraphQLSelection]
    public var location: GraphQLLocation
    /// The key the field's value has in the response: the alias, else the name.
    public var responseKey: String { alias ?? name }

    public init(alias: String? = nil, name: String, arguments: [GraphQLArgument] = [], directives: [GraphQLDirective] = [],
                selections: [GraphQLSelection] = [], location: GraphQLLocation) {
        self.alias = alias; self.name = name; self.arguments = arguments; self.directives = directives
        self.selections = selections; self.location = location
    }
}

public struct GraphQLFragmentSpread: Equatable, Sendable {
    public var name: String
    public var directives: [GraphQLDirective]
    public var location: GraphQLLocation

    public init(name: String, directives: [GraphQLDirective] = [], location: GraphQLLocation) {
        self.name = name; self.directives = directives; self.location = location
    }
}

public struct GraphQLInlineFragment: Equatable, Sendable {
    /// nil for `... { }` and `... @include(if: $x) { }`.
    public var typeCondition: String?
    public var directives: [GraphQLDirective]
    public var selections: [GraphQLSelection]
    public var location: GraphQLLocation

    public init(typeCondition: String?, directives: [GraphQLDirective] = [], selections: [GraphQLSelection], location: GraphQLLocation) {
        self.typeCondition = typeCondition; self.directives = directives; self.selections = selections; self.location = location
    }
}

public struct GraphQLFragmentDefinition: Equatable, Sendable {
    public var name: String
    public var typeCondition: String
    public var directives: [GraphQLDirective]
    public var selections: [GraphQLSelection]
    public var location: GraphQLLocation

    public init(name: String, typeCondition: String, directives: [GraphQLDirective] = [], selections: [GraphQLSelection], location: GraphQLLocation) {
        self.name = name; self.typeCondition = typeCondition; self.directives = directives
        self.selections = selections; self.location = location
    }
}

/// A query the parser refused: graphql-js's wording (`Syntax Error: Expected Name, found "}".`) and where.
public struct GraphQLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: GraphQLLocation
    public var description: String { message }

    public init(message: String, location: GraphQLLocation) {
        self.message = message; self.location = location
    }
}
