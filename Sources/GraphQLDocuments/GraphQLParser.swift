/// Parses executable GraphQL documents (October 2021 spec, §2.2–2.12) the way graphql-js's
/// `parse` does, with its error messages and locations. The lexer runs one token ahead of the
/// parser, as graphql-js's does, so that a lexical error further on never hides an earlier
/// syntax error.
///
/// A type-system definition (`type`, `schema`, `extend`, …) is refused with the message of
/// graphql-js's ExecutableDefinitionsRule, `The "Query" definition is not executable.`, where the
/// definition starts; its body is not read, so a syntax error later in it is not reported.
public enum GraphQLParser {
    /// The deepest nesting of selection sets, lists, objects and list types the parser follows;
    /// deeper text is refused rather than risk the stack.
    public static let maximumNesting = 256

    /// A whole document: at least one operation or fragment definition.
    public static func parse(_ text: String) throws(GraphQLSyntaxError) -> GraphQLDocument {
        var parser = try DocumentParser(text)
        return try parser.parseDocument()
    }

    /// One value alone (graphql-js's `parseValue`), such as introspection's `defaultValue`.
    /// Variables are allowed, as in graphql-js.
    public static func parseValue(_ text: String) throws(GraphQLSyntaxError) -> GraphQLValue {
        var parser = try DocumentParser(text)
        let value = try parser.parseValue(isConst: false)
        _ = try parser.expect(.endOfFile)
        return value
    }

    /// One type reference alone (graphql-js's `parseType`): `[Country!]!`.
    public static func parseType(_ text: String) throws(GraphQLSyntaxError) -> GraphQLTypeReference {
        var parser = try DocumentParser(text)
        let type = try parser.parseTypeReference()
        _ = try parser.expect(.endOfFile)
        return type
    }
}

/// The recursive-descent parser behind `GraphQLParser`, one function per grammar rule.
struct DocumentParser {
    var lexer: GraphQLLexer
    /// The token being looked at; the lexer has read up to its end.
    var token: GraphQLToken
    var nesting = 0

    init(_ text: String) throws(GraphQLSyntaxError) {
        lexer = GraphQLLexer(text)
        token = try lexer.next()
    }

    // MARK: Token helpers, as graphql-js's parser names them

    mutating func advance() throws(GraphQLSyntaxError) {
        token = try lexer.next()
    }

    func peek(_ kind: GraphQLToken.Kind) -> Bool { token.kind == kind }

    /// The token after the current one, without moving on.
    func lookahead() throws(GraphQLSyntaxError) -> GraphQLToken {
        var copy = lexer
        return try copy.next()
    }

    mutating func expect(_ kind: GraphQLToken.Kind) throws(GraphQLSyntaxError) -> GraphQLToken {
        guard token.kind == kind else {
            throw error("Expected \(kind.messageDescription), found \(token.messageDescription).", at: token)
        }
        let expected = token
        try advance()
        return expected
    }

    mutating func expectOptional(_ kind: GraphQLToken.Kind) throws(GraphQLSyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    func isKeyword(_ keyword: String) -> Bool { token.kind == .name && token.value == keyword }

    mutating func expectKeyword(_ keyword: String) throws(GraphQLSyntaxError) {
        guard isKeyword(keyword) else {
            throw error("Expected \"\(keyword)\", found \(token.messageDescription).", at: token)
        }
        try advance()
    }

    func unexpected(_ at: GraphQLToken? = nil) -> GraphQLSyntaxError {
        let token = at ?? self.token
        return error("Unexpected \(token.messageDescription).", at: token)
    }

    func error(_ message: String, at token: GraphQLToken) -> GraphQLSyntaxError {
        GraphQLSyntaxError(message: "Syntax Error: " + message, location: token.location)
    }

    mutating func parseName() throws(GraphQLSyntaxError) -> String {
        try expect(.name).value ?? ""
    }

    /// Counts one more level of nesting; refuses the text past `GraphQLParser.maximumNesting`.
    mutating func enterNesting() throws(GraphQLSyntaxError) {
        nesting += 1
        if nesting > GraphQLParser.maximumNesting {
            throw error("Document nests deeper than \(GraphQLParser.maximumNesting) levels. Parsing aborted.", at: token)
        }
    }

    // MARK: Document and definitions

    /// Document: Definition+
    mutating func parseDocument() throws(GraphQLSyntaxError) -> GraphQLDocument {
        var document = GraphQLDocument(operations: [], fragments: [])
        repeat {
            try parseDefinition(into: &document)
        } while !(try expectOptional(.endOfFile))
        return document
    }

    /// graphql-js's `parseDefinition`, type-system definitions refused.
    mutating func parseDefinition(into document: inout GraphQLDocument) throws(GraphQLSyntaxError) {
        if peek(.braceLeft) {
            document.operations.append(try parseOperation())
            return
        }
        let hasDescription = peek(.string) || peek(.blockString)
        let keyword = hasDescription ? try lookahead() : token
        if keyword.kind == .name, let value = keyword.value {
            if Self.typeSystemKeywords.contains(value) {
                throw try notExecutable(description: hasDescription)
            }
            if hasDescription {
                throw error("Unexpected description, descriptions are supported only on type definitions.", at: token)
            }
            switch value {
            case "query", "mutation", "subscription":
                document.operations.append(try parseOperation())
                return
            case "fragment":
                document.fragments.append(try parseFragmentDefinition())
                return
            case "extend":
                throw try notExecutableExtension()
            default:
                break
            }
        }
        throw unexpected(keyword)
    }

    /// OperationDefinition: `{ … }`, or `query Name($v: T) @d { … }`.
    mutating func parseOperation() throws(GraphQLSyntaxError) -> GraphQLOperation {
        let start = token
        if peek(.braceLeft) {
            return GraphQLOperation(kind: .query, name: nil, selections: try parseSelectionSet(), location: start.location)
        }
        let kindToken = try expect(.name)
        guard let kind = kindToken.value.flatMap(GraphQLOperation.Kind.init(rawValue:)) else { throw unexpected(kindToken) }
        let name = peek(.name) ? try parseName() : nil
        let variables = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        return GraphQLOperation(kind: kind, name: name, variables: variables, directives: directives,
                                selections: try parseSelectionSet(), location: start.location)
    }

    /// FragmentDefinition: `fragment Name on Type @d { … }`; the name may not be `on`.
    mutating func parseFragmentDefinition() throws(GraphQLSyntaxError) -> GraphQLFragmentDefinition {
        let start = token
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseName()
        let directives = try parseDirectives(isConst: false)
        return GraphQLFragmentDefinition(name: name, typeCondition: typeCondition, directives: directives,
                                         selections: try parseSelectionSet(), location: start.location)
    }

    mutating func parseFragmentName() throws(GraphQLSyntaxError) -> String {
        if isKeyword("on") { throw unexpected() }
        return try parseName()
    }

    // MARK: Selections

    /// SelectionSet: `{ Selection+ }`
    mutating func parseSelectionSet() throws(GraphQLSyntaxError) -> [GraphQLSelection] {
        _ = try expect(.braceLeft)
        try enterNesting()
        var selections: [GraphQLSelection] = []
        repeat {
            selections.append(try parseSelection())
        } while !(try expectOptional(.braceRight))
        nesting -= 1
        return selections
    }

    mutating func parseSelection() throws(GraphQLSyntaxError) -> GraphQLSelection {
        peek(.spread) ? try parseFragment() : .field(try parseField())
    }

    /// Field: `alias: name(args) @d { … }`
    mutating func parseField() throws(GraphQLSyntaxError) -> GraphQLField {
        let start = token
        let nameOrAlias = try parseName()
        var alias: String?
        var name = nameOrAlias
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selections = peek(.braceLeft) ? try parseSelectionSet() : []
        return GraphQLField(alias: alias, name: name, arguments: arguments, directives: directives,
                            selections: selections, location: start.location)
    }

    /// `...Name @d`, or `... on Type @d { … }` with the type condition optional.
    mutating func parseFragment() throws(GraphQLSyntaxError) -> GraphQLSelection {
        let start = token
        _ = try expect(.spread)
        let hasTypeCondition = isKeyword("on")
        if hasTypeCondition { try advance() }
        if !hasTypeCondition && peek(.name) {
            let name = try parseFragmentName()
            return .fragmentSpread(GraphQLFragmentSpread(name: name, directives: try parseDirectives(isConst: false),
                                                         location: start.location))
        }
        let typeCondition = hasTypeCondition ? try parseName() : nil
        let directives = try parseDirectives(isConst: false)
        return .inlineFragment(GraphQLInlineFragment(typeCondition: typeCondition, directives: directives,
                                                     selections: try parseSelectionSet(), location: start.location))
    }
}
