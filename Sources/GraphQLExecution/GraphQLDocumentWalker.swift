import GraphQLDocuments

/// A node of an executable document as validation visits it, in GraphQLSwift's visiting order
/// (its `QueryDocumentKeys`): errors come out in the order its rules find them.
enum GraphQLVisitedNode {
    case operation(GraphQLOperation)
    case variableDefinition(GraphQLVariableDefinition)
    /// A type name in a variable's type or a fragment's type condition.
    case namedType(String, GraphQLNodeAnchor)
    case field(GraphQLField)
    case argument(GraphQLArgument)
    /// A directive and the location kind of what it is on (`FIELD`, `QUERY`, …).
    case directive(GraphQLDirective, location: String)
    case fragmentSpread(GraphQLFragmentSpread)
    case inlineFragment(GraphQLInlineFragment)
    case fragmentDefinition(GraphQLFragmentDefinition)
    /// A value literal, a variable among them.
    case value(GraphQLValue, GraphQLNodeAnchor)
    /// A field of an object value: its name, where it starts, and where its value is.
    case objectField(name: String, anchor: GraphQLNodeAnchor)
}

/// What GraphQLSwift's `TypeInfo` knows at a node: the types around it, kept on stacks as the walk
/// enters and leaves nodes.
struct GraphQLWalkTypeInfo {
    var types: [GraphQLTypeReference?] = []
    var parentTypes: [GraphQLTypeDefinition?] = []
    var inputTypes: [GraphQLTypeReference?] = []
    var fieldDefinitions: [GraphQLFieldDefinition?] = []
    /// Whether the argument or input field being visited has a default value.
    var locationHasDefault: [Bool] = []
    var directive: GraphQLDirectiveDefinition?
    var argument: GraphQLInputValueDefinition?

    var type: GraphQLTypeReference? { types.last ?? nil }
    var parentType: GraphQLTypeDefinition? { parentTypes.last ?? nil }
    var inputType: GraphQLTypeReference? { inputTypes.last ?? nil }
    var parentInputType: GraphQLTypeReference? { inputTypes.count >= 2 ? inputTypes[inputTypes.count - 2] : nil }
    var fieldDefinition: GraphQLFieldDefinition? { fieldDefinitions.last ?? nil }
}

/// What a walk reports to: `enter` returns false to skip the node's children.
protocol GraphQLDocumentVisitor: AnyObject {
    func enter(_ node: GraphQLVisitedNode, _ info: GraphQLWalkTypeInfo) -> Bool
    func leave(_ node: GraphQLVisitedNode, _ info: GraphQLWalkTypeInfo)
}

/// Walks operations and fragments depth-first, keeping `GraphQLWalkTypeInfo` as GraphQLSwift does
/// (updated on entering a node before the visitor sees it, and after the visitor on leaving).
struct GraphQLDocumentWalker {
    let schema: GraphQLSchemaIndex
    private(set) var info = GraphQLWalkTypeInfo()
    private let visitor: any GraphQLDocumentVisitor

    init(schema: GraphQLSchemaIndex, visitor: any GraphQLDocumentVisitor) {
        self.schema = schema
        self.visitor = visitor
    }

    /// An output type as `TypeInfo` keeps one: nil for an unknown name or an input object.
    private func outputType(named name: String) -> GraphQLTypeReference? {
        guard let type = schema.types[name], type.kind != .INPUT_OBJECT else { return nil }
        return .named(name)
    }

    /// An input type (as `typeFromAST` then `as? GraphQLInputType`): nil when unknown or an output type.
    func inputType(_ reference: GraphQLTypeReference) -> GraphQLTypeReference? {
        guard let named = schema.namedType(reference), named.isInput else { return nil }
        return reference
    }

    mutating func walk(operation: GraphQLOperation) {
        let root: String? = switch operation.kind {
        case .query: schema.queryTypeName
        case .mutation: schema.mutationTypeName
        case .subscription: schema.subscriptionTypeName
        }
        info.types.append(root.map { .named($0) })
        let node = GraphQLVisitedNode.operation(operation)
        if visitor.enter(node, info) {
            for definition in operation.variables { walk(variableDefinition: definition) }
            walk(directives: operation.directives, location: operation.kind.rawValue.uppercased())
            walk(selectionSet: operation.selections)
        }
        visitor.leave(node, info)
        info.types.removeLast()
    }

    private mutating func walk(variableDefinition definition: GraphQLVariableDefinition) {
        info.inputTypes.append(inputType(definition.type))
        let node = GraphQLVisitedNode.variableDefinition(definition)
        if visitor.enter(node, info) {
            walk(namedType: definition.type.namedTypeName, .variableType(definitionAt: definition.location, namedType: true))
            if let value = definition.defaultValue {
                walk(value: value, anchor: .value(root: definition.location, isVariableDefault: true, path: []))
            }
            walk(directives: definition.directives, location: "VARIABLE_DEFINITION")
        }
        visitor.leave(node, info)
        info.inputTypes.removeLast()
    }

    private mutating func walk(namedType name: String, _ anchor: GraphQLNodeAnchor) {
        let node = GraphQLVisitedNode.namedType(name, anchor)
        _ = visitor.enter(node, info)
        visitor.leave(node, info)
    }

    private mutating func walk(selectionSet selections: [GraphQLSelection]) {
        let named = info.type.flatMap { schema.namedType($0) }
        info.parentTypes.append(named?.isComposite == true ? named : nil)
        for selection in selections {
            switch selection {
            case .field(let field): walk(field: field)
            case .fragmentSpread(let spread): walk(fragmentSpread: spread)
            case .inlineFragment(let fragment): walk(inlineFragment: fragment)
            }
        }
        info.parentTypes.removeLast()
    }

    private mutating func walk(field: GraphQLField) {
        let definition = info.parentType.flatMap { schema.field(named: field.name, on: $0) }
        info.fieldDefinitions.append(definition)
        info.types.append(definition?.type)
        let node = GraphQLVisitedNode.field(field)
        if visitor.enter(node, info) {
            for argument in field.arguments { walk(argument: argument) }
            walk(directives: field.directives, location: "FIELD")
            if !field.selections.isEmpty { walk(selectionSet: field.selections) }
        }
        visitor.leave(node, info)
        info.fieldDefinitions.removeLast()
        info.types.removeLast()
    }

    private mutating func walk(argument: GraphQLArgument) {
        // As GraphQLSwift: a directive's arguments are looked up on the directive when it is known,
        // otherwise on the field around it.
        let definition = if let directive = info.directive {
            directive.arguments.first { $0.name == argument.name }
        } else {
            info.fieldDefinition?.arguments.first { $0.name == argument.name }
        }
        info.argument = definition
        info.locationHasDefault.append(definition?.defaultValue != nil)
        info.inputTypes.append(definition?.type)
        let node = GraphQLVisitedNode.argument(argument)
        if visitor.enter(node, info) {
            walk(value: argument.value, anchor: .value(root: argument.location, isVariableDefault: false, path: []))
        }
        visitor.leave(node, info)
        info.argument = nil
        info.locationHasDefault.removeLast()
        info.inputTypes.removeLast()
    }

    private mutating func walk(directives: [GraphQLDirective], location: String) {
        for directive in directives {
            info.directive = schema.directives[directive.name]
            let node = GraphQLVisitedNode.directive(directive, location: location)
            if visitor.enter(node, info) {
                for argument in directive.arguments { walk(argument: argument) }
            }
            visitor.leave(node, info)
            info.directive = nil
        }
    }

    private mutating func walk(fragmentSpread spread: GraphQLFragmentSpread) {
        let node = GraphQLVisitedNode.fragmentSpread(spread)
        if visitor.enter(node, info) {
            walk(directives: spread.directives, location: "FRAGMENT_SPREAD")
        }
        visitor.leave(node, info)
    }

    private mutating func walk(inlineFragment fragment: GraphQLInlineFragment) {
        if let condition = fragment.typeCondition {
            info.types.append(outputType(named: condition))
        } else {
            info.types.append(info.type.flatMap { schema.namedType($0) }.map { .named($0.name) })
        }
        let node = GraphQLVisitedNode.inlineFragment(fragment)
        if visitor.enter(node, info) {
            if let condition = fragment.typeCondition {
                walk(namedType: condition, .typeCondition(fragmentAt: fragment.location))
            }
            walk(directives: fragment.directives, location: "INLINE_FRAGMENT")
            walk(selectionSet: fragment.selections)
        }
        visitor.leave(node, info)
        info.types.removeLast()
    }

    mutating func walk(fragmentDefinition fragment: GraphQLFragmentDefinition) {
        info.types.append(outputType(named: fragment.typeCondition))
        let node = GraphQLVisitedNode.fragmentDefinition(fragment)
        if visitor.enter(node, info) {
            walk(namedType: fragment.typeCondition, .typeCondition(fragmentAt: fragment.location))
            walk(directives: fragment.directives, location: "FRAGMENT_DEFINITION")
            walk(selectionSet: fragment.selections)
        }
        visitor.leave(node, info)
        info.types.removeLast()
    }

    private mutating func walk(value: GraphQLValue, anchor: GraphQLNodeAnchor) {
        let node = GraphQLVisitedNode.value(value, anchor)
        switch value {
        case .list(let items):
            // A list's items are checked against its item type; a list where no list belongs,
            // against the type itself.
            let listType = info.inputType.map(\.nullable)
            let itemType: GraphQLTypeReference? = if case .list(let item) = listType { item } else { listType }
            info.locationHasDefault.append(false)
            info.inputTypes.append(itemType)
            if visitor.enter(node, info) {
                for (index, item) in items.enumerated() { walk(value: item, anchor: anchor.appending(.item(index))) }
            }
            visitor.leave(node, info)
            info.locationHasDefault.removeLast()
            info.inputTypes.removeLast()
        case .object(let fields):
            if visitor.enter(node, info) {
                for (index, field) in fields.enumerated() { walk(objectField: field, index: index, anchor: anchor) }
            }
            visitor.leave(node, info)
        default:
            _ = visitor.enter(node, info)
            visitor.leave(node, info)
        }
    }

    private mutating func walk(objectField field: (name: String, value: GraphQLValue), index: Int, anchor: GraphQLNodeAnchor) {
        let objectType = info.inputType.flatMap { schema.namedType($0) }
        let definition = objectType?.kind == .INPUT_OBJECT ? objectType?.inputFieldsByName[field.name] : nil
        info.locationHasDefault.append(definition?.defaultValue != nil)
        info.inputTypes.append(definition?.type)
        let node = GraphQLVisitedNode.objectField(name: field.name, anchor: anchor.appending(.fieldName(index)))
        if visitor.enter(node, info) {
            walk(value: field.value, anchor: anchor.appending(.fieldValue(index)))
        }
        visitor.leave(node, info)
        info.locationHasDefault.removeLast()
        info.inputTypes.removeLast()
    }
}

extension GraphQLNodeAnchor {
    /// A value anchor one step further down.
    func appending(_ step: GraphQLValueStep) -> GraphQLNodeAnchor {
        guard case .value(let root, let isDefault, let path) = self else { return self }
        return .value(root: root, isVariableDefault: isDefault, path: path + [step])
    }
}

extension GraphQLTypeReference {
    /// Without its outer non-null: `[ID!]` for `[ID!]!`.
    var nullable: GraphQLTypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The name at the bottom: `ID` for `[ID!]!`.
    var namedTypeName: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedTypeName
        }
    }
}
