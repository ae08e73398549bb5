/// What can be typed at the end of a partial query: the text up to a prompt's cursor, possibly
/// unbalanced or unfinished, read against a schema. A name touching the end of the text is the
/// prefix being typed; what comes before it says what kind of name it is.
///
/// Reading never fails: characters the lexer refuses are skipped, brackets that close nothing
/// are ignored, and a type or field the schema does not have gives `.none`.
public enum GraphQLCompletionContext: Equatable, Sendable {
    /// A field of this object, interface or union type (where a selection goes).
    case field(type: String, prefix: String)
    /// An argument name of `type.field`, inside the field's parentheses.
    case argument(type: String, field: String, prefix: String)
    /// A field name of this input object type, inside an object value (`filter: {co`).
    case inputField(inputType: String, prefix: String)
    /// A type name: after `on`, or as a variable's type.
    case typeName(prefix: String, role: TypeNameRole)
    /// A definition's first word, at the top level: `query`, `mutation`, `subscription`, `fragment`, `{`.
    case keyword(prefix: String)
    /// Nothing to offer: a value, an operation or fragment name, a directive, inside a string or
    /// comment, or a type or field the schema does not know.
    case none

    /// Which types fit where a type name goes.
    public enum TypeNameRole: Sendable, Equatable {
        /// After `on`: object, interface and union types.
        case typeCondition
        /// A variable definition's type: scalar, enum and input object types.
        case variableType

        func admits(_ kind: GraphQLSchemaDescription.Kind) -> Bool {
            switch self {
            case .typeCondition: kind == .OBJECT || kind == .INTERFACE || kind == .UNION
            case .variableType: kind == .SCALAR || kind == .ENUM || kind == .INPUT_OBJECT
            }
        }
    }

    /// The context at the end of `text`.
    public init(text: String, schema: GraphQLSchemaDescription) {
        var scanner = CompletionScanner(schema: schema)
        self = scanner.context(atEndOf: text)
    }

    /// The part of a name already typed ("" for `.none`).
    public var prefix: String {
        switch self {
        case .field(_, let prefix), .argument(_, _, let prefix), .inputField(_, let prefix),
             .typeName(let prefix, _), .keyword(let prefix):
            prefix
        case .none:
            ""
        }
    }

    /// The names that can complete the prefix, sorted. Fields include `__typename` (and, on the
    /// query type, `__schema` and `__type`); type names leave out introspection's `__` types unless
    /// the prefix starts with `__`; keywords leave out `mutation` and `subscription` when the
    /// schema has no such root type.
    public func candidates(schema: GraphQLSchemaDescription) -> [String] {
        let names: [String]
        switch self {
        case .field(let type, _):
            var fields = (schema.type(named: type)?.fields ?? []).map(\.name) + ["__typename"]
            if type == schema.queryType.name { fields += ["__schema", "__type"] }
            names = fields
        case .argument(let type, let field, _):
            let definition = schema.type(named: type)?.fields?.first { $0.name == field }
            names = (definition?.args ?? []).map(\.name)
        case .inputField(let inputType, _):
            names = (schema.type(named: inputType)?.inputFields ?? []).map(\.name)
        case .typeName(let prefix, let role):
            names = schema.types
                .filter { role.admits($0.kind) && (!$0.name.hasPrefix("__") || prefix.hasPrefix("__")) }
                .map(\.name)
        case .keyword:
            names = ["{", "query", "fragment"]
                + (schema.mutationType == nil ? [] : ["mutation"])
                + (schema.subscriptionType == nil ? [] : ["subscription"])
        case .none:
            names = []
        }
        let prefix = self.prefix
        return Set(names).filter { $0.hasPrefix(prefix) }.sorted()
    }
}
