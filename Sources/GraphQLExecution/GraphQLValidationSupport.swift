import GraphQLDocuments

/// A validation error before its nodes are located in the text.
struct GraphQLValidationFinding {
    var message: String
    var anchors: [GraphQLNodeAnchor]
}

/// Where a variable is used, and what the position there expects (`type` nil where validation
/// cannot tell, as at an unknown argument).
struct GraphQLVariableUsage {
    let name: String
    let anchor: GraphQLNodeAnchor
    let type: GraphQLTypeReference?
    let locationHasDefault: Bool
}

/// The document-wide lookups several rules share: fragments by name, the spreads under a selection
/// set and the variables an operation uses, each in the order GraphQLSwift's `ValidationContext`
/// gives them (which decides the order of errors).
final class GraphQLValidationContext {
    let schema: GraphQLSchemaIndex
    let document: GraphQLDocument
    /// The last definition of each name wins, as in GraphQLSwift's lookup.
    let fragments: [String: GraphQLFragmentDefinition]
    private var usagesByOperation: [GraphQLLocation: [GraphQLVariableUsage]] = [:]

    init(schema: GraphQLSchemaIndex, document: GraphQLDocument) {
        self.schema = schema
        self.document = document
        var fragments: [String: GraphQLFragmentDefinition] = [:]
        for fragment in document.fragments { fragments[fragment.name] = fragment }
        self.fragments = fragments
    }

    /// The spreads under a selection set, nested ones included: the set's own first, then those of
    /// the sets under it, last first (a stack, as GraphQLSwift's `getFragmentSpreads`).
    func fragmentSpreads(in selections: [GraphQLSelection]) -> [GraphQLFragmentSpread] {
        var spreads: [GraphQLFragmentSpread] = []
        var setsToVisit = [selections]
        while let set = setsToVisit.popLast() {
            for selection in set {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .inlineFragment(let fragment): setsToVisit.append(fragment.selections)
                case .field(let field): if !field.selections.isEmpty { setsToVisit.append(field.selections) }
                }
            }
        }
        return spreads
    }

    /// The fragments an operation spreads, directly or through other fragments.
    func recursivelyReferencedFragments(of operation: GraphQLOperation) -> [GraphQLFragmentDefinition] {
        var fragments: [GraphQLFragmentDefinition] = []
        var collected: Set<String> = []
        var setsToVisit = [operation.selections]
        while let set = setsToVisit.popLast() {
            for spread in fragmentSpreads(in: set) where collected.insert(spread.name).inserted {
                if let fragment = self.fragments[spread.name] {
                    fragments.append(fragment)
                    setsToVisit.append(fragment.selections)
                }
            }
        }
        return fragments
    }

    /// Every variable use in the operation and in the fragments it spreads, in that order.
    func recursiveVariableUsages(of operation: GraphQLOperation) -> [GraphQLVariableUsage] {
        if let usages = usagesByOperation[operation.location] { return usages }
        let collector = GraphQLVariableUsageCollector()
        var walker = GraphQLDocumentWalker(schema: schema, visitor: collector)
        walker.walk(operation: operation)
        for fragment in recursivelyReferencedFragments(of: operation) {
            var fragmentWalker = GraphQLDocumentWalker(schema: schema, visitor: collector)
            fragmentWalker.walk(fragmentDefinition: fragment)
        }
        usagesByOperation[operation.location] = collector.usages
        return collector.usages
    }

    /// Whether every value of `subType` is a value of `superType` (variables may be stricter than
    /// where they are used).
    func isSubtype(_ subType: GraphQLTypeReference, of superType: GraphQLTypeReference) -> Bool {
        if subType == superType { return true }
        if case .nonNull(let superInner) = superType {
            if case .nonNull(let subInner) = subType { return isSubtype(subInner, of: superInner) }
            return false
        }
        if case .nonNull(let subInner) = subType { return isSubtype(subInner, of: superType) }
        if case .list(let superItem) = superType {
            if case .list(let subItem) = subType { return isSubtype(subItem, of: superItem) }
            return false
        }
        if case .list = subType { return false }
        guard case .named(let superName) = superType, case .named(let subName) = subType,
              let superDefinition = schema.types[superName], superDefinition.isAbstract,
              schema.types[subName]?.kind == .OBJECT
        else { return false }
        return schema.isPossible(subName, of: superName)
    }

    /// Whether two composite types can describe the same object (a fragment can be spread there).
    func typesOverlap(_ a: GraphQLTypeDefinition, _ b: GraphQLTypeDefinition) -> Bool {
        if a.name == b.name { return true }
        if a.isAbstract {
            if b.isAbstract { return a.possibleTypeNames.contains { schema.isPossible($0, of: b.name) } }
            return schema.isPossible(b.name, of: a.name)
        }
        if b.isAbstract { return schema.isPossible(a.name, of: b.name) }
        return false
    }
}

/// Collects variable uses with the type expected where each is; variable definitions themselves are skipped.
private final class GraphQLVariableUsageCollector: GraphQLDocumentVisitor {
    var usages: [GraphQLVariableUsage] = []

    func enter(_ node: GraphQLVisitedNode, _ info: GraphQLWalkTypeInfo) -> Bool {
        switch node {
        case .variableDefinition: return false
        case .value(.variable(let name), let anchor):
            usages.append(GraphQLVariableUsage(
                name: name, anchor: anchor, type: info.inputType, locationHasDefault: info.locationHasDefault.last ?? false
            ))
            return true
        default: return true
        }
    }

    func leave(_ node: GraphQLVisitedNode, _ info: GraphQLWalkTypeInfo) {}
}
