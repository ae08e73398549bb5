import GraphQLDocuments

// Value literals: GraphQLSwift's ValuesOfCorrectType and UniqueInputFieldNames rules.
// A scalar's own literal check reports its own message (`String cannot represent a non-string
// value: 42`), as GraphQLSwift reports the error its scalar's `parseLiteral` throws.

extension GraphQLQueryValidator {
    func enterValue(_ value: GraphQLValue, _ anchor: GraphQLNodeAnchor, _ info: GraphQLWalkTypeInfo) {
        switch value {
        case .variable: return
        case .list:
            guard !valuesRuleStopped, let expected = info.parentInputType?.nullable else { return }
            if case .list = expected { return }
            checkLiteral(value, anchor, info)
            valuesRuleStopped = true
        case .object(let fields):
            inputFieldNameStack.append([:])
            guard !valuesRuleStopped else { return }
            guard let type = info.inputType.flatMap({ schema.namedType($0) }), type.kind == .INPUT_OBJECT else {
                checkLiteral(value, anchor, info)
                valuesRuleStopped = true
                return
            }
            for field in type.inputFields where field.isRequired && !fields.contains(where: { $0.name == field.name }) {
                report("Field \"\(type.name).\(field.name)\" of required type \"\(field.type)\" was not provided.", anchor)
            }
        case .null:
            guard !valuesRuleStopped, let expected = info.inputType, expected.isNonNull else { return }
            report("Expected value of type \"\(expected)\", found null.", anchor)
        default:
            guard !valuesRuleStopped else { return }
            checkLiteral(value, anchor, info)
        }
    }

    func enterObjectField(_ name: String, _ anchor: GraphQLNodeAnchor, _ info: GraphQLWalkTypeInfo) {
        if !valuesRuleStopped, info.inputType == nil,
           let parent = info.parentInputType.flatMap({ schema.namedType($0) }), parent.kind == .INPUT_OBJECT {
            let suggestions = GraphQLSuggestions.list(for: name, among: parent.inputFields.map(\.name))
            report("Field \"\(name)\" is not defined by type \"\(parent.name)\"." + GraphQLSuggestions.didYouMean(suggestions), anchor)
        }
        guard !inputFieldNameStack.isEmpty else { return }
        if let first = inputFieldNameStack[inputFieldNameStack.count - 1][name] {
            report("There can be only one input field named \"\(name)\".", first, anchor)
        } else {
            inputFieldNameStack[inputFieldNameStack.count - 1][name] = anchor
        }
    }

    func leaveObjectValue() {
        _ = inputFieldNameStack.popLast()
    }

    /// A literal where a scalar or enum (or a list or object where none belongs) is expected.
    private func checkLiteral(_ value: GraphQLValue, _ anchor: GraphQLNodeAnchor, _ info: GraphQLWalkTypeInfo) {
        guard let expected = info.inputType, let type = schema.namedType(expected) else { return }
        let printed = GraphQLValuePrinter.print(value)
        switch type.kind {
        case .SCALAR:
            if let message = Self.scalarLiteralError(value, scalar: type.name, printed: printed) { report(message, anchor) }
        case .ENUM:
            if let message = Self.enumLiteralError(value, type: type, printed: printed) { report(message, anchor) }
        default:
            report("Expected value of type \"\(expected)\", found \(printed).", anchor)
        }
    }

    /// The message a specified scalar's literal parsing gives, nil when the literal is valid.
    /// Other scalars take any literal.
    static func scalarLiteralError(_ value: GraphQLValue, scalar: String, printed: String) -> String? {
        switch (scalar, value) {
        case ("Int", .int(let text)) where Int(text) != nil: nil
        case ("Int", _): "Int cannot represent non-integer value: \(printed)"
        case ("Float", .int(let text)) where Double(text) != nil, ("Float", .float(let text)) where Double(text) != nil: nil
        case ("Float", _): "Float cannot represent non-numeric value: \(printed)"
        case ("String", .string): nil
        case ("String", _): "String cannot represent a non-string value: \(printed)"
        case ("Boolean", .boolean): nil
        case ("Boolean", _): "Boolean cannot represent a non-boolean value: \(printed)"
        case ("ID", .string), ("ID", .int): nil
        case ("ID", _): "ID cannot represent a non-string and non-integer value: \(printed)"
        default: nil
        }
    }

    static func enumLiteralError(_ value: GraphQLValue, type: GraphQLTypeDefinition, printed: String) -> String? {
        let names = (type.declaration.enumValues ?? []).map(\.name)
        guard case .enumValue(let name) = value else {
            return "Enum \"\(type.name)\" cannot represent non-enum value: \(printed)."
                + GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(for: printed, among: names), prefix: "the enum value")
        }
        guard type.enumValueNames.contains(name) else {
            return "Value \"\(name)\" does not exist in \"\(type.name)\" enum."
                + GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(for: name, among: names), prefix: "the enum value")
        }
        return nil
    }
}
