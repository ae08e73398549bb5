import Foundation
import GraphQLDocuments

/// A null on its way up from a non-null position to the nearest nullable one (spec §6.4.4), with
/// the error that caused it; the nullable position records the error, as GraphQLSwift does.
struct GraphQLNullPropagation: Error {
    let error: GraphQLResponseError
}

/// A field's merged selections (same response key) on one object type, with its arguments
/// coerced once and its sub-selections collected once per object type: a list of 250 countries
/// runs the same plans 250 times.
final class GraphQLFieldPlan {
    let responseKey: String
    var nodes: [GraphQLField]
    let definition: GraphQLFieldDefinition
    var arguments: Result<GraphQLArguments, GraphQLArgumentCoercionFailure>?
    var childPlans: [String: [GraphQLFieldPlan]] = [:]

    init(responseKey: String, node: GraphQLField, definition: GraphQLFieldDefinition) {
        self.responseKey = responseKey
        nodes = [node]
        self.definition = definition
    }
}

/// One operation's execution (spec §6.3–6.4), writing the response's `data` as it goes.
final class GraphQLExecution {
    let schema: GraphQLSchemaIndex
    let source: String
    let fragments: [String: GraphQLFragmentDefinition]
    let variables: [String: GraphQLJSONValue]
    private let coercion: GraphQLInputCoercion
    private(set) var writer = GraphQLJSONWriter(capacity: 16_384)
    private(set) var errors: [GraphQLResponseError] = []
    private var path: [GraphQLResponseError.PathElement] = []
    /// The most bytes a response's `data` may take: a query that nests lists in lists
    /// (`continents { countries { continent { countries … } } }`) grows without bound, and the
    /// sandbox answers in the prompt's own process.
    let maximumDataBytes: Int
    /// Set when `data` outgrew `maximumDataBytes`: the execution stops, no nullable field catches it.
    private var outgrown: GraphQLResponseError?
    private lazy var locator = GraphQLSourceLocator(source: source)

    init(schema: GraphQLSchemaIndex, source: String, document: GraphQLDocument, variables: [String: GraphQLJSONValue],
         maximumDataBytes: Int) {
        self.schema = schema
        self.maximumDataBytes = maximumDataBytes
        self.source = source
        var fragments: [String: GraphQLFragmentDefinition] = [:]
        for fragment in document.fragments { fragments[fragment.name] = fragment }
        self.fragments = fragments
        self.variables = variables
        coercion = GraphQLInputCoercion(schema: schema)
    }

    /// The response: `{"data":…}` with `"errors"` after it when fields failed; when a null reaches
    /// the root, `"data": null` and every error so far, as the spec says (GraphQLSwift 4.3.0 leaves
    /// `data` out and keeps only that error; the sandbox's reference test names that one case).
    func execute(_ operation: GraphQLOperation, rootType: GraphQLTypeDefinition) -> [UInt8] {
        writer.raw("{\"data\":")
        do throws(GraphQLNullPropagation) {
            let plans = collectFields(on: rootType, from: [operation.selections])
            try executeSelections(plans, parent: (), type: rootType)
        } catch {
            if let outgrown { return GraphQLResponseError.response([outgrown]) }
            return GraphQLResponseError.response(errors + [error.error], nullData: true)
        }
        if !errors.isEmpty {
            writer.raw(",\"errors\":[")
            for (index, error) in errors.enumerated() {
                if index > 0 { writer.byte(",") }
                error.write(to: &writer)
            }
            writer.byte("]")
        }
        writer.byte("}")
        return writer.bytes
    }

    /// `8 MB`, `300 bytes`.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    // MARK: Fields

    private func executeSelections(
        _ plans: [GraphQLFieldPlan], parent: Any, type: GraphQLTypeDefinition
    ) throws(GraphQLNullPropagation) {
        writer.byte("{")
        for (index, plan) in plans.enumerated() {
            if writer.mark > maximumDataBytes {
                outgrown = GraphQLResponseError(
                    message: "The response would be larger than \(Self.size(maximumDataBytes)): ask for fewer fields, filter the lists, or nest them less deeply.",
                    locations: [], path: [])
            }
            if let outgrown { throw GraphQLNullPropagation(error: outgrown) }
            if index > 0 { writer.byte(",") }
            writer.key(plan.responseKey)
            path.append(.key(plan.responseKey))
            try executeField(plan, parent: parent, parentType: type)
            path.removeLast()
        }
        writer.byte("}")
    }

    private func executeField(
        _ plan: GraphQLFieldPlan, parent: Any, parentType: GraphQLTypeDefinition
    ) throws(GraphQLNullPropagation) {
        let definition = plan.definition
        if definition.name == "__typename" { return writer.string(parentType.name) }
        if plan.arguments == nil {
            plan.arguments = coercion.coerceArguments(definition.arguments, given: plan.nodes[0].arguments, variables: variables)
        }
        // GraphQLSwift coerces arguments outside the field's own error handling: the failure
        // propagates to the field around it, without a location or path.
        let arguments: GraphQLArguments
        switch plan.arguments! {
        case .success(let coerced): arguments = coerced
        case .failure(let failure):
            throw GraphQLNullPropagation(error: GraphQLResponseError(message: failure.message, locations: [], path: []))
        }
        let value: Any?
        do {
            value = try resolve(plan, parent: parent, arguments: arguments)
        } catch {
            let fieldError = GraphQLResponseError(message: String(describing: error), locations: locations(of: plan), path: path)
            if definition.type.isNonNull { throw GraphQLNullPropagation(error: fieldError) }
            errors.append(fieldError)
            return writer.null()
        }
        try complete(value, as: definition.type, plan: plan, parentType: parentType)
    }

    private func resolve(_ plan: GraphQLFieldPlan, parent: Any, arguments: GraphQLArguments) throws -> Any? {
        let definition = plan.definition
        if let resolver = definition.resolver { return try resolver(parent, arguments) }
        switch definition.name {
        case "__schema": return IntrospectedSchema(index: schema)
        case "__type":
            return arguments["name"]?.stringValue.flatMap { schema.types[$0] }.map { IntrospectedType($0, index: schema) }
        default:
            if let dictionary = parent as? [String: Any] { return dictionary[definition.name] }
            return Mirror(reflecting: parent).children.first { $0.label == definition.name }?.value
        }
    }

    private func locations(of plan: GraphQLFieldPlan) -> [GraphQLLocation] {
        plan.nodes.map { locator.locate(.node($0.location)) }
    }

    // MARK: Values

    /// Writes a resolved value as `type`; a nullable position takes the null of a failure below it.
    private func complete(
        _ value: Any?, as type: GraphQLTypeReference, plan: GraphQLFieldPlan, parentType: GraphQLTypeDefinition
    ) throws(GraphQLNullPropagation) {
        if case .nonNull(let inner) = type {
            guard let value = unwrapped(value) else {
                throw GraphQLNullPropagation(error: GraphQLResponseError(
                    message: "Cannot return null for non-nullable field \(parentType.name).\(plan.definition.name).",
                    locations: locations(of: plan), path: path
                ))
            }
            return try completePresent(value, as: inner, plan: plan, parentType: parentType)
        }
        guard let value = unwrapped(value) else { return writer.null() }
        let mark = writer.mark
        do throws(GraphQLNullPropagation) {
            try completePresent(value, as: type, plan: plan, parentType: parentType)
        } catch {
            if outgrown != nil { throw error }
            writer.truncate(to: mark)
            writer.null()
            errors.append(error.error)
        }
    }

    private func completePresent(
        _ value: Any, as type: GraphQLTypeReference, plan: GraphQLFieldPlan, parentType: GraphQLTypeDefinition
    ) throws(GraphQLNullPropagation) {
        switch type {
        case .nonNull(let inner):
            try completePresent(value, as: inner, plan: plan, parentType: parentType)
        case .list(let itemType):
            guard let items = value as? [Any] else {
                throw GraphQLNullPropagation(error: GraphQLResponseError(
                    message: "Expected array, but did not find one for field \(parentType.name).\(plan.definition.name).",
                    locations: locations(of: plan), path: path
                ))
            }
            writer.byte("[")
            for (index, item) in items.enumerated() {
                if index > 0 { writer.byte(",") }
                path.append(.index(index))
                try complete(item, as: itemType, plan: plan, parentType: parentType)
                path.removeLast()
            }
            writer.byte("]")
        case .named(let name):
            guard let namedType = schema.types[name] else { return writer.null() }
            switch namedType.kind {
            case .OBJECT:
                try executeSelections(childPlans(of: plan, on: namedType), parent: value, type: namedType)
            case .INTERFACE, .UNION:
                guard let objectName = namedType.typeResolver?(value), let objectType = schema.types[objectName],
                      objectType.kind == .OBJECT, namedType.possibleTypeNames.contains(objectName)
                else {
                    throw GraphQLNullPropagation(error: GraphQLResponseError(
                        message: "Abstract type \(name) must resolve to an Object type at runtime for field "
                            + "\(parentType.name).\(plan.definition.name).",
                        locations: locations(of: plan), path: path
                    ))
                }
                try executeSelections(childPlans(of: plan, on: objectType), parent: value, type: objectType)
            default:
                if let message = GraphQLLeafSerialization.write(value, as: namedType, to: &writer) {
                    throw GraphQLNullPropagation(error: GraphQLResponseError(
                        message: message, locations: locations(of: plan), path: path
                    ))
                }
            }
        }
    }

    /// nil for a missing value: nil, an Optional holding none (inside `Any`), or NSNull.
    private func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        if let optional = value as? any GraphQLOptionalValue { return unwrapped(optional.graphQLWrappedValue) }
        if value is NSNull { return nil }
        return value
    }

    // MARK: Field collection

    private func childPlans(of plan: GraphQLFieldPlan, on type: GraphQLTypeDefinition) -> [GraphQLFieldPlan] {
        if let plans = plan.childPlans[type.name] { return plans }
        let plans = collectFields(on: type, from: plan.nodes.map(\.selections))
        plan.childPlans[type.name] = plans
        return plans
    }

    /// CollectFields (spec §6.3.2): the fields of selection sets on an object type, merged by
    /// response key in first-seen order, through fragments, honoring `@skip` and `@include`.
    private func collectFields(on type: GraphQLTypeDefinition, from selectionSets: [[GraphQLSelection]]) -> [GraphQLFieldPlan] {
        var plans: [GraphQLFieldPlan] = []
        var planIndex: [String: Int] = [:]
        var visitedFragments: Set<String> = []
        for selections in selectionSets {
            collect(selections, on: type, into: &plans, &planIndex, &visitedFragments)
        }
        return plans
    }

    private func collect(
        _ selections: [GraphQLSelection], on type: GraphQLTypeDefinition,
        into plans: inout [GraphQLFieldPlan], _ planIndex: inout [String: Int], _ visitedFragments: inout Set<String>
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard isIncluded(field.directives) else { continue }
                if let index = planIndex[field.responseKey] {
                    plans[index].nodes.append(field)
                } else if let definition = schema.field(named: field.name, on: type) {
                    planIndex[field.responseKey] = plans.count
                    plans.append(GraphQLFieldPlan(responseKey: field.responseKey, node: field, definition: definition))
                }
            case .inlineFragment(let fragment):
                guard isIncluded(fragment.directives), conditionMatches(fragment.typeCondition, type) else { continue }
                collect(fragment.selections, on: type, into: &plans, &planIndex, &visitedFragments)
            case .fragmentSpread(let spread):
                guard isIncluded(spread.directives), !visitedFragments.contains(spread.name) else { continue }
                visitedFragments.insert(spread.name)
                guard let fragment = fragments[spread.name], conditionMatches(fragment.typeCondition, type) else { continue }
                collect(fragment.selections, on: type, into: &plans, &planIndex, &visitedFragments)
            }
        }
    }

    private func isIncluded(_ directives: [GraphQLDirective]) -> Bool {
        func condition(_ name: String) -> Bool? {
            guard let directive = directives.first(where: { $0.name == name }),
                  let argument = directive.arguments.first(where: { $0.name == "if" }) else { return nil }
            switch argument.value {
            case .boolean(let flag): return flag
            case .variable(let variable): return variables[variable]?.boolValue
            default: return nil
            }
        }
        if condition("skip") == true { return false }
        if condition("include") == false { return false }
        return true
    }

    /// A fragment applies to an object of `type` when its condition is that type, an interface or
    /// union it belongs to, or absent (or, as in GraphQLSwift, names no known type).
    private func conditionMatches(_ condition: String?, _ type: GraphQLTypeDefinition) -> Bool {
        guard let condition, schema.types[condition] != nil else { return true }
        return condition == type.name || schema.isPossible(type.name, of: condition)
    }
}

/// Lets `unwrapped` see through an Optional boxed in `Any`.
protocol GraphQLOptionalValue {
    var graphQLWrappedValue: Any? { get }
}

extension Optional: GraphQLOptionalValue {
    var graphQLWrappedValue: Any? {
        switch self {
        case .some(let value): value
        case .none: nil
        }
    }
}
