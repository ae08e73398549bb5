import ModelRuntime
internal import SwiftSyntax

extension DeclarationReader {
    /// A `let`/`var` member: stored properties join the schema, computed and static ones are kept as source.
    func variable(_ node: VariableDeclSyntax, into model: inout ModelDeclaration) throws(ModelSourceError) {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        if isStatic {
            model.keptMembers.append(keptSource(node))
            return
        }
        if let modifier = node.modifiers.first(where: { ["lazy", "weak", "unowned"].contains($0.name.text) }) {
            throw error("'\(modifier.name.text)' properties are not supported yet", at: modifier)
        }
        if let attribute = node.attributes.first {
            throw error("property wrapper '\(attribute.trimmedDescription)' is not supported yet", at: attribute)
        }
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        // `let a, b: Int` gives both names the type written last.
        var pending: [StoredProperty] = []
        var computed = false
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                throw error("pattern '\(binding.pattern.trimmedDescription)' is not supported yet", at: binding)
            }
            let name = pattern.identifier.plainName
            if let accessors = binding.accessorBlock {
                if case .accessors(let list) = accessors.accessors,
                   list.contains(where: { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }) {
                    throw error("property observers on '\(name)' are not supported yet", at: accessors)
                }
                computed = true
                continue
            }
            var defaultValue: LiteralValue?
            if let value = binding.initializer?.value {
                defaultValue = try literal(value)
            }
            var type: ModelType?
            var references: [TypeReference] = []
            if let annotation = binding.typeAnnotation {
                type = try modelType(annotation.type)
                references = typeReferences(in: annotation.type)
            } else if let defaultValue {
                type = inferredType(defaultValue)
            }
            let property = StoredProperty(
                name: pattern.identifier.plainName, isLet: isLet, type: type ?? .named(""),
                defaultValue: defaultValue, line: line(of: binding), typeReferences: references)
            if type == nil && defaultValue != nil {
                throw error("add a type annotation to '\(name)'; its type cannot be inferred here", at: binding)
            }
            pending.append(property)
            if let type {
                for index in pending.indices where pending[index].type == .named("") {
                    pending[index].type = type
                    pending[index].typeReferences = references
                }
            }
        }
        if computed {
            model.keptMembers.append(keptSource(node))
            return
        }
        if let untyped = pending.first(where: { $0.type == .named("") }) {
            throw ModelSourceError("type annotation missing in pattern '\(untyped.name)'", line: untyped.line)
        }
        model.properties += pending
    }

    func inferredType(_ value: LiteralValue) -> ModelType? {
        switch value {
        case .integer: .integer(.int)
        case .float: .double
        case .string: .string
        case .bool: .bool
        default: nil
        }
    }

    /// The schema type for a written Swift type.
    func modelType(_ node: TypeSyntax) throws(ModelSourceError) -> ModelType {
        if let optional = node.as(OptionalTypeSyntax.self) {
            return .optional(try modelType(optional.wrappedType))
        }
        if let array = node.as(ArrayTypeSyntax.self) {
            return .array(try modelType(array.element))
        }
        if let dictionary = node.as(DictionaryTypeSyntax.self) {
            return .dictionary(key: try modelType(dictionary.key), value: try modelType(dictionary.value))
        }
        if let identifier = node.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.plainName
            if let clause = identifier.genericArgumentClause {
                var arguments: [ModelType] = []
                for argument in clause.arguments {
                    guard case .type(let type) = argument.argument else {
                        throw error("type '\(node.trimmedDescription)' is not supported", at: node)
                    }
                    arguments.append(try modelType(type))
                }
                switch (name, arguments.count) {
                case ("Array", 1): return .array(arguments[0])
                case ("Optional", 1): return .optional(arguments[0])
                case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
                case ("Measurement", 1) where FoundationType.named("Measurement<\(arguments[0].source)>") != nil:
                    // Foundation's, unless a model of that name is declared (SchemaResolver).
                    return .named("Measurement<\(arguments[0].source)>")
                default: throw error("generic type '\(node.trimmedDescription)' is not supported yet", at: node)
                }
            }
            return ModelType.builtin(name) ?? .named(name)
        }
        if let member = node.as(MemberTypeSyntax.self) {
            let base = member.baseType.trimmedDescription
            if ["Swift", "Foundation"].contains(base), let builtin = ModelType.builtin(member.name.text) {
                return builtin
            }
            guard member.genericArgumentClause == nil else {
                throw error("generic type '\(node.trimmedDescription)' is not supported yet", at: node)
            }
            return .named(node.trimmedDescription.filter { $0 != " " })
        }
        let what = node.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) ? "implicitly unwrapped optional" : "type"
        throw error("\(what) '\(node.trimmedDescription)' is not supported yet", at: node)
    }

    /// The declared type names in a written type, with their positions, in source order.
    func typeReferences(in node: TypeSyntax) -> [TypeReference] {
        if let optional = node.as(OptionalTypeSyntax.self) { return typeReferences(in: optional.wrappedType) }
        if let array = node.as(ArrayTypeSyntax.self) { return typeReferences(in: array.element) }
        if let dictionary = node.as(DictionaryTypeSyntax.self) {
            return typeReferences(in: dictionary.key) + typeReferences(in: dictionary.value)
        }
        if let identifier = node.as(IdentifierTypeSyntax.self) {
            if let clause = identifier.genericArgumentClause {
                return clause.arguments.flatMap { argument -> [TypeReference] in
                    guard case .type(let type) = argument.argument else { return [] }
                    return typeReferences(in: type)
                }
            }
            let name = identifier.name.plainName
            guard ModelType.builtin(name) == nil else { return [] }
            let position = position(of: identifier)
            return [TypeReference(name: name, line: position.line, column: position.column)]
        }
        if node.is(MemberTypeSyntax.self), case .named(let name)? = try? modelType(node) {
            let position = position(of: node)
            return [TypeReference(name: name, line: position.line, column: position.column)]
        }
        return []
    }

    /// A default or raw value: literals, arrays and dictionaries of literals, `nil`, `.case`.
    func literal(_ node: ExprSyntax) throws(ModelSourceError) -> LiteralValue {
        if let integer = node.as(IntegerLiteralExprSyntax.self) { return .integer(integer.literal.text) }
        if let float = node.as(FloatLiteralExprSyntax.self) { return .float(float.literal.text) }
        if let bool = node.as(BooleanLiteralExprSyntax.self) { return .bool(bool.literal.tokenKind == .keyword(.true)) }
        if node.is(NilLiteralExprSyntax.self) { return .null }
        if let prefix = node.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            switch try literal(prefix.expression) {
            case .integer(let text): return .integer("-" + text)
            case .float(let text): return .float("-" + text)
            default: break
            }
        }
        if let string = node.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in string.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else {
                    throw error("string interpolation in a default value is not supported yet", at: segment)
                }
                text += try unescaped(plain.content.text, at: plain)
            }
            return .string(text)
        }
        if let array = node.as(ArrayExprSyntax.self) {
            var items: [LiteralValue] = []
            for element in array.elements { items.append(try literal(element.expression)) }
            return .array(items)
        }
        if let dictionary = node.as(DictionaryExprSyntax.self) {
            guard case .elements(let list) = dictionary.content else { return .dictionary([]) }
            var entries: [LiteralValue.DictionaryEntry] = []
            for element in list {
                entries.append(.init(key: try literal(element.key), value: try literal(element.value)))
            }
            return .dictionary(entries)
        }
        if let member = node.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil {
            return .member(node.trimmedDescription)
        }
        throw error("default value '\(node.trimmedDescription)' is not supported yet; use a literal", at: node)
    }

    func unescaped(_ text: String, at node: some SyntaxProtocol) throws(ModelSourceError) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else { result.append(character); continue }
            switch iterator.next() {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\"": result.append("\"")
            case "'": result.append("'")
            case "\\": result.append("\\")
            default: throw error("escape sequence in '\(text)' is not supported yet", at: node)
            }
        }
        return result
    }
}
