import GraphQLDocuments

/// Validation (spec §5) with GraphQLSwift 4.3.0's rules, messages and error order: every rule looks
/// at each node as one walk passes it, in the order of GraphQLSwift's `specifiedRules`.
/// Values are checked in GraphQLQueryValidator+Values.swift.
final class GraphQLQueryValidator: GraphQLDocumentVisitor {
    let context: GraphQLValidationContext
    var schema: GraphQLSchemaIndex { context.schema }
    private(set) var findings: [GraphQLValidationFinding] = []

    // Rule state.
    private var operationCount = 0
    private var operationNames: [String: GraphQLLocation] = [:]
    private var fragmentNames: [String: GraphQLLocation] = [:]
    private var usedFragmentNames: Set<String> = []
    private var cycleVisitedFragments: Set<String> = []
    /// ValuesOfCorrectType stops for the rest of the document after a list or object value where
    /// none belongs (its visitor returns BREAK).
    var valuesRuleStopped = false
    /// UniqueInputFieldNames: the names seen in each object value being visited.
    var inputFieldNameStack: [[String: GraphQLNodeAnchor]] = []
    private var variableDefinitions: [String: GraphQLVariableDefinition] = [:]

    init(schema: GraphQLSchemaIndex, document: GraphQLDocument) {
        context = GraphQLValidationContext(schema: schema, document: document)
    }

    /// The errors of a document, located in `source`.
    static func validate(_ document: GraphQLDocument, source: String, schema: GraphQLSchemaIndex) -> [GraphQLResponseError] {
        let validator = GraphQLQueryValidator(schema: schema, document: document)
        validator.run()
        guard !validator.findings.isEmpty else { return [] }
        let locator = GraphQLSourceLocator(source: source)
        return validator.findings.map { finding in
            GraphQLResponseError(message: finding.message, locations: finding.anchors.map(locator.locate), path: [])
        }
    }

    func report(_ message: String, _ anchors: GraphQLNodeAnchor...) {
        findings.append(GraphQLValidationFinding(message: message, anchors: anchors))
    }

    func run() {
        let document = context.document
        operationCount = document.operations.count
        // Definitions in the order they are written: the AST keeps operations and fragments apart.
        enum Definition { case operation(GraphQLOperation), fragment(GraphQLFragmentDefinition) }
        var definitions = document.operations.map { (location: $0.location, definition: Definition.operation($0)) }
        definitions += document.fragments.map { (location: $0.location, definition: Definition.fragment($0)) }
        definitions.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        for entry in definitions {
            var walker = GraphQLDocumentWalker(schema: schema, visitor: self)
            switch entry.definition {
            case .operation(let operation): walker.walk(operation: operation)
            case .fragment(let fragment): walker.walk(fragmentDefinition: fragment)
            }
        }
        // NoUnusedFragments, on leaving the document.
        for fragment in document.fragments where !usedFragmentNames.contains(fragment.name) {
            report("Fragment \"\(fragment.name)\" is never used.", .node(fragment.location))
        }
    }

    func enter(_ node: GraphQLVisitedNode, _ info: GraphQLWalkTypeInfo) -> Bool {
        switch node {
        case .operation(let operation): enterOperation(operation)
        case .variableDefinition(let definition): enterVariableDefinition(definition, info)
        case .namedType(let name, let anchor): checkTypeExists(name, anchor)
        case .field(let field): enterField(field, info)
        case .argument(let argument): checkArgumentKnown(argument, info)
        case .directive(let directive, let location): enterDirective(directive, location: location, info)
        case .fragmentSpread(let spread): enterFragmentSpread(spread, info)
        case .inlineFragment(let fragment): enterInlineFragment(fragment, info)
        case .fragmentDefinition(let fragment): enterFragmentDefinition(fragment)
        case .value(let value, let anchor): enterValue(value, anchor, info)
        case .objectField(let name, let anchor): enterObjectField(name, anchor, info)
        }
        return true
    }

    func leave(_ node: GraphQLVisitedNode, _ info: GraphQLWalkTypeInfo) {
        switch node {
        case .operation(let operation): leaveOperation(operation)
        case .field(let field):
            // ProvidedRequiredArguments
            guard let definition = info.fieldDefinition else { return }
            for argument in definition.arguments
            where argument.isRequired && !field.arguments.contains(where: { $0.name == argument.name }) {
                report(
                    "Field \"\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, "
                        + "but it was not provided.",
                    .node(field.location)
                )
            }
        case .directive(let directive, _):
            guard let definition = schema.directives[directive.name] else { return }
            for argument in definition.arguments
            where argument.isRequired && !directive.arguments.contains(where: { $0.name == argument.name }) {
                report(
                    "Directive \"@\(directive.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, "
                        + "but it was not provided.",
                    .node(directive.location)
                )
            }
        case .value(.object, _): leaveObjectValue()
        default: break
        }
    }

    // MARK: Operations and variables

    private func enterOperation(_ operation: GraphQLOperation) {
        if let name = operation.name {  // UniqueOperationNames
            if let first = operationNames[name] {
                report("There can be only one operation named \"\(name)\".", .nameAfter(first), .nameAfter(operation.location))
            } else {
                operationNames[name] = operation.location
            }
        }
        if operation.name == nil, operationCount > 1 {  // LoneAnonymousOperation
            report("This anonymous operation must be the only defined operation.", .node(operation.location))
        }
        for fragment in context.recursivelyReferencedFragments(of: operation) {  // NoUnusedFragments
            usedFragmentNames.insert(fragment.name)
        }
        checkUniqueNames(operation.variables.map { ($0.name, GraphQLNodeAnchor.nameAfter($0.location)) }) {  // UniqueVariableNames
            "There can be only one variable named \"$\($0)\"."
        }
        let defined = Set(operation.variables.map(\.name))
        for usage in context.recursiveVariableUsages(of: operation) where !defined.contains(usage.name) {  // NoUndefinedVariables
            let message = operation.name.map { "Variable \"$\(usage.name)\" is not defined by operation \"\($0)\"." }
                ?? "Variable \"$\(usage.name)\" is not defined."
            report(message, usage.anchor, .node(operation.location))
        }
        checkUniqueDirectives(operation.directives)
        variableDefinitions = [:]
    }

    private func enterVariableDefinition(_ definition: GraphQLVariableDefinition, _ info: GraphQLWalkTypeInfo) {
        // VariablesAreInputTypes: only a known type that is not an input type.
        if let named = schema.namedType(definition.type), !named.isInput {
            report(
                "Variable \"$\(definition.name)\" cannot be non-input type \"\(definition.type)\".",
                .variableType(definitionAt: definition.location, namedType: false)
            )
        }
        checkUniqueDirectives(definition.directives)
        variableDefinitions[definition.name] = definition
    }

    private func leaveOperation(_ operation: GraphQLOperation) {
        let usages = context.recursiveVariableUsages(of: operation)
        let used = Set(usages.map(\.name))
        for definition in operation.variables where !used.contains(definition.name) {  // NoUnusedVariables
            let message = operation.name.map { "Variable \"$\(definition.name)\" is never used in operation \"\($0)\"." }
                ?? "Variable \"$\(definition.name)\" is never used."
            report(message, .node(definition.location))
        }
        for usage in usages {  // VariablesInAllowedPosition
            guard let definition = variableDefinitions[usage.name], let expected = usage.type,
                  schema.namedType(definition.type) != nil
            else { continue }
            if !isAllowed(definition, in: expected, locationHasDefault: usage.locationHasDefault) {
                report(
                    "Variable \"$\(usage.name)\" of type \"\(definition.type)\" used in position expecting type \"\(expected)\".",
                    .node(definition.location), usage.anchor
                )
            }
        }
    }

    /// A nullable variable may fill a non-null position when it or the position has a default.
    private func isAllowed(_ definition: GraphQLVariableDefinition, in expected: GraphQLTypeReference, locationHasDefault: Bool) -> Bool {
        if case .nonNull(let inner) = expected, !definition.type.isNonNull {
            let hasNonNullDefault = definition.defaultValue.map { $0 != .null } ?? false
            guard hasNonNullDefault || locationHasDefault else { return false }
            return context.isSubtype(definition.type, of: inner)
        }
        return context.isSubtype(definition.type, of: expected)
    }

    private func checkTypeExists(_ name: String, _ anchor: GraphQLNodeAnchor) {  // KnownTypeNames
        guard schema.types[name] == nil else { return }
        let suggestions = GraphQLSuggestions.list(for: name, among: Array(schema.types.keys))
        report("Unknown type \"\(name)\"." + GraphQLSuggestions.didYouMean(suggestions), anchor)
    }

    // MARK: Fields, arguments and directives

    private func enterField(_ field: GraphQLField, _ info: GraphQLWalkTypeInfo) {
        if let type = info.type, let named = schema.namedType(type) {  // ScalarLeafs
            if named.isLeaf, !field.selections.isEmpty {
                report(
                    "Field \"\(field.name)\" must not have a selection since type \"\(type)\" has no subfields.",
                    .selectionSet(fieldAt: field.location)
                )
            } else if !named.isLeaf, field.selections.isEmpty {
                report(
                    "Field \"\(field.name)\" of type \"\(type)\" must have a selection of subfields."
                        + GraphQLSuggestions.didYouMean(["\(field.name) { ... }"]),
                    .node(field.location)
                )
            }
        }
        if let parent = info.parentType, info.fieldDefinition == nil {  // FieldsOnCorrectType
            let typeSuggestions = suggestedTypes(for: field.name, on: parent)
            var message = "Cannot query field \"\(field.name)\" on type \"\(parent.name)\"."
            if !typeSuggestions.isEmpty {
                message += GraphQLSuggestions.didYouMean(typeSuggestions, prefix: "to use an inline fragment on")
            } else if parent.kind == .OBJECT || parent.kind == .INTERFACE {
                message += GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(for: field.name, among: parent.fields.map(\.name)))
            }
            report(message, .node(field.location))
        }
        checkUniqueDirectives(field.directives)
        checkUniqueArguments(field.arguments)
    }

    /// For an abstract type: the interfaces (most used first) and objects that have the field,
    /// unless one of its possible types lacks it.
    private func suggestedTypes(for fieldName: String, on type: GraphQLTypeDefinition) -> [String] {
        guard type.isAbstract else { return [] }
        var objects: [String] = []
        var interfaceUses: [String: Int] = [:]
        for declared in schema.description.types where type.possibleTypeNames.contains(declared.name) {
            guard let object = schema.types[declared.name], object.fieldsByName[fieldName] != nil else { return [] }
            objects.append(object.name)
            for case .named(_, let interfaceName) in object.declaration.interfaces ?? [] {
                guard schema.types[interfaceName]?.fieldsByName[fieldName] != nil else { return [] }
                interfaceUses[interfaceName, default: 0] += 1
            }
        }
        let interfaces = interfaceUses.keys.sorted { a, b in
            interfaceUses[a]! != interfaceUses[b]! ? interfaceUses[a]! > interfaceUses[b]! : a < b
        }
        return interfaces + objects
    }

    private func checkArgumentKnown(_ argument: GraphQLArgument, _ info: GraphQLWalkTypeInfo) {  // KnownArgumentNames
        guard info.argument == nil, let field = info.fieldDefinition, let parent = info.parentType else { return }
        let suggestions = GraphQLSuggestions.list(for: argument.name, among: field.arguments.map(\.name))
        report(
            "Field \"\(field.name)\" on type \"\(parent.name)\" does not have argument \"\(argument.name)\"."
                + GraphQLSuggestions.didYouMean(suggestions),
            .node(argument.location)
        )
    }

    private func enterDirective(_ directive: GraphQLDirective, location: String, _ info: GraphQLWalkTypeInfo) {
        if let definition = schema.directives[directive.name] {  // KnownDirectives
            if !definition.locations.contains(location) {
                report("Directive \"@\(directive.name)\" may not be used on \(location).", .node(directive.location))
            }
        } else {
            report("Unknown directive \"@\(directive.name)\".", .node(directive.location))
        }
        checkUniqueArguments(directive.arguments)
    }

    private func checkUniqueDirectives(_ directives: [GraphQLDirective]) {  // UniqueDirectivesPerLocation
        var seen: [String: GraphQLLocation] = [:]
        for directive in directives where schema.directives[directive.name] != nil {
            if let first = seen[directive.name] {
                report("The directive \"@\(directive.name)\" can only be used once at this location.", .node(first), .node(directive.location))
            } else {
                seen[directive.name] = directive.location
            }
        }
    }

    private func checkUniqueArguments(_ arguments: [GraphQLArgument]) {  // UniqueArgumentNames
        checkUniqueNames(arguments.map { ($0.name, GraphQLNodeAnchor.node($0.location)) }) { "There can be only one argument named \"\($0)\"." }
    }

    /// One error per repeated name, naming every place it appears, in order of first appearance.
    private func checkUniqueNames(_ names: [(String, GraphQLNodeAnchor)], message: (String) -> String) {
        var order: [String] = []
        var anchors: [String: [GraphQLNodeAnchor]] = [:]
        for (name, anchor) in names {
            if anchors[name] == nil { order.append(name) }
            anchors[name, default: []].append(anchor)
        }
        for name in order where anchors[name]!.count > 1 {
            findings.append(GraphQLValidationFinding(message: message(name), anchors: anchors[name]!))
        }
    }

    // MARK: Fragments

    private func enterFragmentSpread(_ spread: GraphQLFragmentSpread, _ info: GraphQLWalkTypeInfo) {
        let fragment = context.fragments[spread.name]
        if fragment == nil {  // KnownFragmentNames
            report("Unknown fragment \"\(spread.name)\".", .nameAfter(spread.location))
        }
        if let fragment, let fragmentType = schema.types[fragment.typeCondition], fragmentType.isComposite,
           let parent = info.parentType, !context.typesOverlap(fragmentType, parent) {  // PossibleFragmentSpreads
            report(
                "Fragment \"\(spread.name)\" cannot be spread here as objects of type \"\(parent.name)\" "
                    + "can never be of type \"\(fragmentType.name)\".",
                .node(spread.location)
            )
        }
        checkUniqueDirectives(spread.directives)
    }

    private func enterInlineFragment(_ fragment: GraphQLInlineFragment, _ info: GraphQLWalkTypeInfo) {
        if let condition = fragment.typeCondition, let type = schema.types[condition], !type.isComposite {  // FragmentsOnCompositeTypes
            report("Fragment cannot condition on non composite type \"\(condition)\".", .typeCondition(fragmentAt: fragment.location))
        }
        if let type = info.type.flatMap({ schema.namedType($0) }), type.isComposite, let parent = info.parentType,
           !context.typesOverlap(type, parent) {  // PossibleFragmentSpreads
            report(
                "Fragment cannot be spread here as objects of type \"\(parent.name)\" can never be of type \"\(type.name)\".",
                .node(fragment.location)
            )
        }
        checkUniqueDirectives(fragment.directives)
    }

    private func enterFragmentDefinition(_ fragment: GraphQLFragmentDefinition) {
        if let type = schema.types[fragment.typeCondition], !type.isComposite {  // FragmentsOnCompositeTypes
            report(
                "Fragment \"\(fragment.name)\" cannot condition on non composite type \"\(fragment.typeCondition)\".",
                .typeCondition(fragmentAt: fragment.location)
            )
        }
        if let first = fragmentNames[fragment.name] {  // UniqueFragmentNames
            report("There can be only one fragment named \"\(fragment.name)\".", .nameAfter(first), .nameAfter(fragment.location))
        } else {
            fragmentNames[fragment.name] = fragment.location
        }
        var spreadPath: [GraphQLFragmentSpread] = []
        var pathIndexByName: [String: Int] = [:]
        detectCycles(from: fragment, &spreadPath, &pathIndexByName)  // NoFragmentCycles
        checkUniqueDirectives(fragment.directives)
    }

    /// Depth-first through spreads, reporting each cycle once (GraphQLSwift's NoFragmentCycles).
    private func detectCycles(
        from fragment: GraphQLFragmentDefinition, _ spreadPath: inout [GraphQLFragmentSpread], _ pathIndexByName: inout [String: Int]
    ) {
        guard cycleVisitedFragments.insert(fragment.name).inserted else { return }
        let spreads = context.fragmentSpreads(in: fragment.selections)
        guard !spreads.isEmpty else { return }
        pathIndexByName[fragment.name] = spreadPath.count
        for spread in spreads {
            let cycleIndex = pathIndexByName[spread.name]
            spreadPath.append(spread)
            if let cycleIndex {
                let cycle = Array(spreadPath[cycleIndex...])
                let via = cycle.dropLast().map { "\"\($0.name)\"" }.joined(separator: ", ")
                findings.append(GraphQLValidationFinding(
                    message: "Cannot spread fragment \"\(spread.name)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    anchors: cycle.map { .node($0.location) }
                ))
            } else if let target = context.fragments[spread.name] {
                detectCycles(from: target, &spreadPath, &pathIndexByName)
            }
            spreadPath.removeLast()
        }
        pathIndexByName[fragment.name] = nil
    }
}
