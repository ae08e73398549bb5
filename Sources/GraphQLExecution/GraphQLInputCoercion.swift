import GraphQLDocuments

/// Input coercion (spec §3.5, §6.1.2, §6.4.1) with GraphQLSwift's checks and messages: a request's
/// variables from JSON, and a field's arguments from literals and variables. Values come out as
/// `GraphQLJSONValue`: enums and IDs as strings, an omitted input field without default absent.
struct GraphQLInputCoercion {
    let schema: GraphQLSchemaIndex

    // MARK: Variables

    /// The operation's variables, coerced in definition order; the first that fails ends it, as in
    /// GraphQLSwift: `Variable "$code" got invalid value "true".` and the reasons, one a line.
    func coerceVariables(
        _ definitions: [GraphQLVariableDefinition], inputs: [String: GraphQLJSONValue]
    ) -> Result<[String: GraphQLJSONValue], GraphQLVariableCoercionFailure> {
        var coerced: [String: GraphQLJSONValue] = [:]
        for definition in definitions {
            guard let named = schema.namedType(definition.type), named.isInput else {
                return .failure(GraphQLVariableCoercionFailure(
                    message: "Variable \"$\(definition.name)\" expected value of type \"\(definition.type)\" which cannot be used as an input type.",
                    definition: definition
                ))
            }
            var value = inputs[definition.name]
            if value == nil, let literal = definition.defaultValue {
                value = literalValue(literal, type: definition.type, variables: [:])
            }
            let problems = problems(with: value, as: definition.type)
            guard problems.isEmpty else {
                return .failure(GraphQLVariableCoercionFailure(
                    message: "Variable \"$\(definition.name)\" got invalid value \"\(Self.mapDescription(value))\".\n"
                        + problems.joined(separator: "\n"),
                    definition: definition
                ))
            }
            if let value { coerced[definition.name] = coerce(value, as: definition.type) }
        }
        return .success(coerced)
    }

    /// Why a value (nil: not given) is not one of `type`, in GraphQLSwift's words; empty when it is.
    func problems(with value: GraphQLJSONValue?, as type: GraphQLTypeReference) -> [String] {
        if case .nonNull(let inner) = type {
            guard let value else { return ["Expected non-null value was not provided."] }
            if value.isNull { return ["Expected non-null value, found null."] }
            return problems(with: value, as: inner)
        }
        guard let value, !value.isNull else { return [] }
        switch type {
        case .nonNull: return []
        case .list(let item):
            guard case .list(let items) = value else { return problems(with: value, as: item) }
            return items.enumerated().flatMap { index, element in
                problems(with: element, as: item).map { "In element #\(index): \($0)" }
            }
        case .named(let name):
            guard let definition = schema.types[name] else { return [] }
            if definition.kind == .INPUT_OBJECT {
                guard case .object(let members) = value else { return ["Expected \"\(name)\", found not an object."] }
                var found = members.filter { definition.inputFieldsByName[$0.key] == nil }
                    .map { "In field \"\($0.key)\": Unknown field." }
                for field in definition.inputFields {
                    found += problems(with: value[field.name], as: field.type).map { "In field \"\(field.name)\": \($0)" }
                }
                return found
            }
            return leafValue(value, of: definition) == nil ? ["Expected type \"\(name)\", found \(Self.mapDescription(value))."] : []
        }
    }

    /// A value already checked by `problems(with:as:)`, in its coerced form.
    private func coerce(_ value: GraphQLJSONValue, as type: GraphQLTypeReference) -> GraphQLJSONValue {
        if value.isNull { return value }
        switch type {
        case .nonNull(let inner): return coerce(value, as: inner)
        case .list(let item):
            guard case .list(let items) = value else { return .list([coerce(value, as: item)]) }
            return .list(items.map { coerce($0, as: item) })
        case .named(let name):
            guard let definition = schema.types[name] else { return value }
            if definition.kind == .INPUT_OBJECT {
                var members: [(key: String, value: GraphQLJSONValue)] = []
                for field in definition.inputFields {
                    if let given = value[field.name] {
                        members.append((field.name, coerce(given, as: field.type)))
                    } else if let literal = field.defaultValue, let defaultValue = literalValue(literal, type: field.type, variables: [:]) {
                        members.append((field.name, defaultValue))
                    }
                }
                return .object(members)
            }
            return leafValue(value, of: definition) ?? value
        }
    }

    /// A JSON value as a scalar or enum reads it (GraphQLSwift's `parseValue`), nil when refused.
    private func leafValue(_ value: GraphQLJSONValue, of type: GraphQLTypeDefinition) -> GraphQLJSONValue? {
        if type.kind == .ENUM {
            guard case .string(let name) = value, type.enumValueNames.contains(name) else { return nil }
            return value
        }
        switch (type.name, value) {
        case ("String", .string), ("Boolean", .bool), ("Float", .int), ("Float", .double): return value
        // GraphQLSwift reads numbers as booleans (its Map round trip turns them into 0 and 1).
        case ("Boolean", .int(let number)): return .bool(number != 0)
        case ("Boolean", .double(let number)): return .bool(number != 0)
        case ("Int", .int(let number)) where Int32(exactly: number) != nil: return value
        case ("Int", .double(let number)) where Int32(exactly: number) != nil: return .int(Int(number))
        // GraphQLSwift reads every JSON number as a Double, and its ID takes integers only: a number is refused.
        case ("ID", .string): return value
        case ("String", _), ("Boolean", _), ("Float", _), ("Int", _), ("ID", _): return nil
        default: return value
        }
    }

    // MARK: Arguments

    /// A field's or directive's arguments: given ones from their literals (variables substituted),
    /// omitted ones from their defaults. A failure is GraphQLSwift's `Argument "code" got invalid value …`.
    func coerceArguments(
        _ definitions: [GraphQLInputValueDefinition], given: [GraphQLArgument], variables: [String: GraphQLJSONValue]
    ) -> Result<GraphQLArguments, GraphQLArgumentCoercionFailure> {
        var arguments = GraphQLArguments()
        for definition in definitions {
            let value: GraphQLJSONValue?
            if let argument = given.first(where: { $0.name == definition.name }) {
                value = literalValue(argument.value, type: definition.type, variables: variables)
            } else if let literal = definition.defaultValue {
                value = literalValue(literal, type: definition.type, variables: [:])
            } else {
                value = nil
            }
            let problems = problems(with: value, as: definition.type)
            guard problems.isEmpty else {
                return .failure(GraphQLArgumentCoercionFailure(
                    message: "Argument \"\(definition.name)\" got invalid value \(Self.mapDescription(value)).\n"
                        + problems.joined(separator: "\n")
                ))
            }
            if let value { arguments.values.append((definition.name, value)) }
        }
        return .success(arguments)
    }

    /// A literal as a value of `type` (GraphQLSwift's `valueFromAST`); nil for an unset variable.
    func literalValue(_ literal: GraphQLValue, type: GraphQLTypeReference, variables: [String: GraphQLJSONValue]) -> GraphQLJSONValue? {
        if case .variable(let name) = literal { return variables[name] }
        if case .null = literal { return .null }
        switch type {
        case .nonNull(let inner): return literalValue(literal, type: inner, variables: variables)
        case .list(let item):
            guard case .list(let items) = literal else { return literalValue(literal, type: item, variables: variables).map { .list([$0]) } }
            return .list(items.map { literalValue($0, type: item, variables: variables) ?? .null })
        case .named(let name):
            guard let definition = schema.types[name] else { return Self.untypedValue(literal, variables: variables) }
            switch definition.kind {
            case .INPUT_OBJECT:
                guard case .object(let fields) = literal else { return nil }
                var members: [(key: String, value: GraphQLJSONValue)] = []
                for field in definition.inputFields {
                    if let given = fields.first(where: { $0.name == field.name }) {
                        if let value = literalValue(given.value, type: field.type, variables: variables) { members.append((field.name, value)) }
                    } else if let fallback = field.defaultValue, let value = literalValue(fallback, type: field.type, variables: [:]) {
                        members.append((field.name, value))
                    }
                }
                return .object(members)
            case .ENUM:
                if case .enumValue(let value) = literal, definition.enumValueNames.contains(value) { return .string(value) }
                return .null
            default:
                return Self.scalarLiteral(literal, scalar: name) ?? .null
            }
        }
    }

    /// A scalar literal as its scalar parses it; nil when refused.
    private static func scalarLiteral(_ literal: GraphQLValue, scalar: String) -> GraphQLJSONValue? {
        switch (scalar, literal) {
        case ("Int", .int(let text)): Int(text).map { .int($0) }
        case ("Float", .int(let text)), ("Float", .float(let text)): Double(text).map { .double($0) }
        case ("String", .string(let text)), ("ID", .string(let text)), ("ID", .int(let text)): .string(text)
        case ("Boolean", .boolean(let flag)): .bool(flag)
        case ("Int", _), ("Float", _), ("String", _), ("ID", _), ("Boolean", _): nil
        default: untypedValue(literal, variables: [:])
        }
    }

    /// A literal read without a type (for custom scalars): numbers, strings and structure as written.
    static func untypedValue(_ literal: GraphQLValue, variables: [String: GraphQLJSONValue]) -> GraphQLJSONValue? {
        switch literal {
        case .variable(let name): variables[name]
        case .int(let text): Int(text).map { .int($0) } ?? Double(text).map { .double($0) }
        case .float(let text): Double(text).map { .double($0) }
        case .string(let text), .enumValue(let text): .string(text)
        case .boolean(let flag): .bool(flag)
        case .null: .null
        case .list(let items): .list(items.map { untypedValue($0, variables: variables) ?? .null })
        case .object(let fields): .object(fields.compactMap { field in untypedValue(field.value, variables: variables).map { (field.name, $0) } })
        }
    }

    /// A value as GraphQLSwift's `Map` describes itself in messages: strings quoted, object keys
    /// sorted, no spaces, numbers as Doubles; `undefined` for a value not given.
    static func mapDescription(_ value: GraphQLJSONValue?) -> String {
        guard let value else { return "undefined" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        // Numbers print as the Doubles GraphQLSwift reads them as: `57.0`, `1e+30`.
        case .int(let number): return Double(number).description
        case .double(let number): return number.description
        case .string(let text): return quotedForMap(text)
        case .list(let items): return "[" + items.map { mapDescription($0) }.joined(separator: ",") + "]"
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            return "{" + sorted.map { quotedForMap($0.key) + ":" + mapDescription($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func quotedForMap(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case "\r\n": result += "\\r\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

/// A variable that could not be coerced: the request fails before execution.
struct GraphQLVariableCoercionFailure: Error {
    let message: String
    let definition: GraphQLVariableDefinition
}

/// Arguments that could not be coerced (only variables can cause it once the query is valid).
struct GraphQLArgumentCoercionFailure: Error {
    let message: String
}
