/// Variables, type references, directives, arguments and values, and the refusal of
/// type-system definitions: the rest of graphql-js's parser for executable documents.
extension DocumentParser {
    // MARK: Variables and types

    /// VariableDefinitions: `($a: Int = 1 @d, $b: [ID!]!)`, or nothing.
    mutating func parseVariableDefinitions() throws(GraphQLSyntaxError) -> [GraphQLVariableDefinition] {
        guard try expectOptional(.parenLeft) else { return [] }
        var definitions: [GraphQLVariableDefinition] = []
        repeat {
            let start = token
            let name = try parseVariable()
            _ = try expect(.colon)
            let type = try parseTypeReference()
            let defaultValue = try expectOptional(.equals) ? try parseValue(isConst: true) : nil
            let directives = try parseDirectives(isConst: true)
            definitions.append(GraphQLVariableDefinition(name: name, type: type, defaultValue: defaultValue,
                                                         directives: directives, location: start.location))
        } while !(try expectOptional(.parenRight))
        return definitions
    }

    /// `$name`: the name without the `$`.
    mutating func parseVariable() throws(GraphQLSyntaxError) -> String {
        _ = try expect(.dollar)
        return try parseName()
    }

    /// Type: `Name`, `[Type]`, `Type!`.
    mutating func parseTypeReference() throws(GraphQLSyntaxError) -> GraphQLTypeReference {
        let type: GraphQLTypeReference
        if try expectOptional(.bracketLeft) {
            try enterNesting()
            let element = try parseTypeReference()
            _ = try expect(.bracketRight)
            nesting -= 1
            type = .list(element)
        } else {
            type = .named(try parseName())
        }
        return try expectOptional(.bang) ? .nonNull(type) : type
    }

    // MARK: Directives and arguments

    /// Directives: `@name(args)`, any number. Const ones (on variable definitions) take no variables.
    mutating func parseDirectives(isConst: Bool) throws(GraphQLSyntaxError) -> [GraphQLDirective] {
        var directives: [GraphQLDirective] = []
        while peek(.at) {
            let start = token
            try advance()
            let name = try parseName()
            directives.append(GraphQLDirective(name: name, arguments: try parseArguments(isConst: isConst),
                                               location: start.location))
        }
        return directives
    }

    /// Arguments: `(name: value, …)`, at least one inside the parentheses, or nothing.
    mutating func parseArguments(isConst: Bool) throws(GraphQLSyntaxError) -> [GraphQLArgument] {
        guard try expectOptional(.parenLeft) else { return [] }
        var arguments: [GraphQLArgument] = []
        repeat {
            let start = token
            let name = try parseName()
            _ = try expect(.colon)
            arguments.append(GraphQLArgument(name: name, value: try parseValue(isConst: isConst), location: start.location))
        } while !(try expectOptional(.parenRight))
        return arguments
    }

    // MARK: Values

    /// Value (graphql-js's `parseValueLiteral`). `true`, `false` and `null` are not enum values;
    /// in a const context (default values, directives of variables) a variable is refused.
    mutating func parseValue(isConst: Bool) throws(GraphQLSyntaxError) -> GraphQLValue {
        let current = token
        switch current.kind {
        case .bracketLeft:
            try advance()
            try enterNesting()
            var values: [GraphQLValue] = []
            while !(try expectOptional(.bracketRight)) {
                values.append(try parseValue(isConst: isConst))
            }
            nesting -= 1
            return .list(values)
        case .braceLeft:
            try advance()
            try enterNesting()
            var fields: [(name: String, value: GraphQLValue)] = []
            while !(try expectOptional(.braceRight)) {
                let name = try parseName()
                _ = try expect(.colon)
                fields.append((name: name, value: try parseValue(isConst: isConst)))
            }
            nesting -= 1
            return .object(fields)
        case .int:
            try advance()
            return .int(current.value ?? "")
        case .float:
            try advance()
            return .float(current.value ?? "")
        case .string, .blockString:
            try advance()
            return .string(current.value ?? "")
        case .name:
            try advance()
            switch current.value ?? "" {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            case let name: return .enumValue(name)
            }
        case .dollar where isConst:
            try advance()
            if peek(.name), let name = token.value {
                throw error("Unexpected variable \"$\(name)\" in constant value.", at: current)
            }
            throw unexpected(current)
        case .dollar:
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    // MARK: Type-system definitions, refused

    static let typeSystemKeywords: Set<String> = ["schema", "scalar", "type", "interface", "union", "enum", "input", "directive"]
    static let extensionKeywords: Set<String> = ["schema", "scalar", "type", "interface", "union", "enum", "input"]

    /// `type Query { … }` and the like, after an optional description: ExecutableDefinitionsRule's
    /// message, where the definition starts. Its name is read as graphql-js reads it, so a missing
    /// name is still the syntax error graphql-js reports.
    mutating func notExecutable(description hasDescription: Bool) throws(GraphQLSyntaxError) -> GraphQLSyntaxError {
        let start = token
        if hasDescription { try advance() }
        let keyword = try parseName()
        return try notExecutable(keyword: keyword, start: start)
    }

    /// `extend type Query { … }` and the like; `extend` before anything else is unexpected.
    mutating func notExecutableExtension() throws(GraphQLSyntaxError) -> GraphQLSyntaxError {
        let start = token
        let keyword = try lookahead()
        guard keyword.kind == .name, let value = keyword.value, Self.extensionKeywords.contains(value) else {
            throw unexpected(keyword)
        }
        try advance()
        try advance()
        return try notExecutable(keyword: value, start: start)
    }

    private mutating func notExecutable(keyword: String, start: GraphQLToken) throws(GraphQLSyntaxError) -> GraphQLSyntaxError {
        let definition: String
        switch keyword {
        case "schema":
            definition = "schema"
        case "directive":
            _ = try expect(.at)
            definition = "\"\(try parseName())\""
        default:
            definition = "\"\(try parseName())\""
        }
        return GraphQLSyntaxError(message: "The \(definition) definition is not executable.", location: start.location)
    }
}
