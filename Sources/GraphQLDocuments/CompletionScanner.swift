/// The reader behind `GraphQLCompletionContext`: a tolerant LL(1) walk over the
/// tokens typed so far. It keeps a stack of open brackets (`frames`), each knowing the type it
/// is in and the step it has reached, so the end of the text can be placed in the grammar
/// without building a tree, and without recursion however deep the text nests.
struct CompletionScanner {
    typealias Field = GraphQLSchemaDescription.Field

    enum Frame {
        case document(DocumentStep)
        /// `{` of a selection set; `type` nil when the schema does not know it.
        case selections(type: String?, step: SelectionStep)
        /// `(` of a field's or a directive's arguments.
        case arguments(owner: ArgumentOwner, step: EntryStep)
        /// `{` of an object value; `inputType` nil when not a known input object.
        case objectValue(inputType: String?, step: EntryStep)
        /// `[` of a list value; `inputType` is the elements' named type, for objects inside.
        case listValue(inputType: String?)
        /// `(` of an operation's variable definitions.
        case variables(VariableStep)
        /// A bracket where the grammar has none: kept only so that its closer pairs with it.
        case opaque(closer: GraphQLToken.Kind)

        var closer: GraphQLToken.Kind? {
            switch self {
            case .document: nil
            case .selections, .objectValue: .braceRight
            case .arguments, .variables: .parenRight
            case .listValue: .bracketRight
            case .opaque(let closer): closer
            }
        }
    }

    enum DocumentStep: Equatable {
        case start
        /// After `query`/`mutation`/`subscription` (and its name, once `named`).
        case operation(root: String?, named: Bool)
        case fragmentName, fragmentOn, fragmentType
        case fragmentBody(type: String)
    }

    enum SelectionStep: Equatable {
        case selection
        /// After `alias:`, before the field's name.
        case alias
        /// After a field's name; `canAlias` until `:` or `(`, `hasArguments` after `( … )`.
        case field(name: String, canAlias: Bool, hasArguments: Bool)
        /// After `...`.
        case spread
        /// After `... on`.
        case typeCondition
        /// After `... on Type` or `... @d`: its `{` selects on `type`.
        case inlineFragment(type: String?)
        case fragmentSpread
    }

    enum ArgumentOwner {
        case field(type: String, field: Field)
        case unknownField
        case directive
    }

    /// Steps of `name: value` entries, shared by arguments and object values.
    enum EntryStep: Equatable {
        case name
        case colon(entry: String)
        case value(inputType: String?)
        /// After `$` in a value.
        case variable
    }

    enum VariableStep: Equatable {
        case dollar, name, colon, type
        case afterType(named: String)
        case defaultValue(inputType: String)
        case afterDefault
    }

    /// `@`, then its name, then maybe `(`: directives fit in many places, so they are tracked aside.
    enum DirectiveProgress { case none, expectingName, named }

    let schema: GraphQLSchemaDescription
    var frames: [Frame] = [.document(.start)]
    var directive = DirectiveProgress.none

    init(schema: GraphQLSchemaDescription) {
        self.schema = schema
    }

    // MARK: Reading the text

    mutating func context(atEndOf text: String) -> GraphQLCompletionContext {
        let (tokens, endIsReadable) = Self.tokens(of: text)
        guard endIsReadable else { return .none }
        var prefix = ""
        var consumed = tokens[...]
        if let last = tokens.last, last.kind == .name, last.utf8Range.upperBound == text.utf8.count {
            prefix = last.value ?? ""
            consumed = consumed.dropLast()
        }
        for token in consumed { consume(token) }
        return completion(prefix: prefix)
    }

    /// The tokens of the text, skipping what the lexer refuses; and whether the end of the text
    /// is outside a comment, a string and any refused characters (else there is nothing to offer).
    static func tokens(of text: String) -> (tokens: [GraphQLToken], endIsReadable: Bool) {
        var lexer = GraphQLLexer(text)
        var tokens: [GraphQLToken] = []
        var failureAtEnd = false
        while true {
            do {
                let token = try lexer.lexToken()
                if token.kind == .endOfFile { break }
                tokens.append(token)
                failureAtEnd = false
            } catch {
                let lastByte = lexer.source.last ?? 0
                let endsIgnorable = [ASCII.space, ASCII.tab, ASCII.comma, ASCII.lineFeed, ASCII.carriageReturn].contains(lastByte)
                failureAtEnd = error.offset >= lexer.source.count || !endsIgnorable
                lexer.skip(past: error)
            }
        }
        return (tokens, !failureAtEnd && !lexer.endsInComment)
    }

    // MARK: Where the end is

    func completion(prefix: String) -> GraphQLCompletionContext {
        if directive == .expectingName { return .none }
        switch frames[frames.count - 1] {
        case .document(.start):
            return .keyword(prefix: prefix)
        case .document(.fragmentType):
            return .typeName(prefix: prefix, role: .typeCondition)
        case .selections(_, .typeCondition):
            return .typeName(prefix: prefix, role: .typeCondition)
        case .selections(_, .spread), .selections(_, .inlineFragment):
            return .none
        case .selections(let type, _):
            guard let type, let kind = schema.type(named: type)?.kind,
                  kind == .OBJECT || kind == .INTERFACE || kind == .UNION else { return .none }
            return .field(type: type, prefix: prefix)
        case .arguments(.field(let type, let field), .name):
            return .argument(type: type, field: field.name, prefix: prefix)
        case .objectValue(let inputType?, .name):
            return .inputField(inputType: inputType, prefix: prefix)
        case .variables(.type):
            return .typeName(prefix: prefix, role: .variableType)
        default:
            return .none
        }
    }

    // MARK: Types

    /// The named type of `type.name`, introspection's meta-fields included.
    func fieldType(in type: String?, named name: String) -> String? {
        guard let type else { return nil }
        switch name {
        case "__typename": return "String"
        case "__schema" where type == schema.queryType.name: return "__Schema"
        case "__type" where type == schema.queryType.name: return "__Type"
        default: return field(in: type, named: name)?.type.namedType
        }
    }

    func field(in type: String, named name: String) -> Field? {
        schema.type(named: type)?.fields?.first { $0.name == name }
    }

    /// The name itself when it is an input object the schema has, else nil.
    func inputObject(_ name: String?) -> String? {
        guard let name, schema.type(named: name)?.kind == .INPUT_OBJECT else { return nil }
        return name
    }

    /// The named type of an argument or input field, from its frame's owner.
    func entryType(_ entry: String, in frame: Frame) -> String? {
        switch frame {
        case .arguments(.field(_, let field), _):
            field.args.first { $0.name == entry }?.type.namedType
        case .objectValue(let inputType?, _):
            schema.type(named: inputType)?.inputFields?.first { $0.name == entry }?.type.namedType
        default:
            nil
        }
    }

    func rootType(_ operation: String) -> String? {
        switch operation {
        case "query": schema.queryType.name
        case "mutation": schema.mutationType?.name
        default: schema.subscriptionType?.name
        }
    }
}
