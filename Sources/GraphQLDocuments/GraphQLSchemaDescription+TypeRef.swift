/// `TypeRef` in introspection's own nesting, and as GraphQL writes it (`[Country!]!`).
extension GraphQLSchemaDescription.TypeRef: CustomStringConvertible {
    private enum CodingKeys: String, CodingKey { case kind, name, ofType }

    /// Reads `{"kind": "NON_NULL", "name": null, "ofType": {…}}`. Only the keys a kind needs are read:
    /// `name` may be missing or null for LIST and NON_NULL, `ofType` for a named type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(GraphQLSchemaDescription.Kind.self, forKey: .kind)
        switch kind {
        case .LIST: self = .list(try container.decode(Self.self, forKey: .ofType))
        case .NON_NULL: self = .nonNull(try container.decode(Self.self, forKey: .ofType))
        default: self = .named(kind, try container.decode(String.self, forKey: .name))
        }
    }

    /// Writes every key, with nulls, as a server's introspection answer does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .named(let kind, let name):
            try container.encode(kind, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encodeNil(forKey: .ofType)
        case .list(let inner), .nonNull(let inner):
            try container.encode(isNonNull ? GraphQLSchemaDescription.Kind.NON_NULL : .LIST, forKey: .kind)
            try container.encodeNil(forKey: .name)
            try container.encode(inner, forKey: .ofType)
        }
    }

    /// `[Country!]!`
    public var description: String {
        switch self {
        case .named(_, let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    /// The innermost type's name: `Country` for `[Country!]!`.
    public var namedType: String {
        switch self {
        case .named(_, let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    /// The innermost type's kind: `OBJECT` for `[Country!]!`.
    public var namedKind: GraphQLSchemaDescription.Kind {
        switch self {
        case .named(let kind, _): kind
        case .list(let inner), .nonNull(let inner): inner.namedKind
        }
    }

    /// Whether the outermost wrapper is NON_NULL (`Country!`, `[Country]!`).
    public var isNonNull: Bool {
        if case .nonNull = self { true } else { false }
    }

    /// The type one list level in (`Country!` for `[Country!]!`); nil when it is not a list.
    public var listElement: Self? {
        switch self {
        case .named: nil
        case .list(let inner): inner
        case .nonNull(let inner): inner.listElement
        }
    }
}
