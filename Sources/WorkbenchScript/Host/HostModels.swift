internal import SwiftSyntax

/// The models a library declares again so that a caught-up step means in the host what it meant
/// on the fast path. The interpreter resolves a model's types by name when it uses it
/// (`ModelRegistry`): once `Inner` is redeclared, `struct Outer: Codable { let a: Inner }` means
/// the new `Inner` there. The host's `Outer` was compiled against the old one, so a library whose
/// steps redeclare `Inner` declares `Outer` again too (and whatever names `Outer`, in turn).
struct HostModels {
    /// A model declaration as the fast path holds it: a `Codable` struct or enum, or a typealias
    /// over models (`SwiftRunner.isModel`).
    struct Model {
        let kind: String
        let name: String
        let text: String
        /// The type names it uses (`IdentifierTypeSyntax`): what it depends on.
        let types: Set<String>
        /// Every identifier in it: the names the library redeclaring it must import.
        let mentioned: Set<String>
    }

    /// The latest model of each name, and the order names were first declared in.
    private var latest: [String: Model] = [:]
    private var order: [String] = []

    /// The models the host holds after `libraries` (the steps each caught up on, up to any that failed).
    init(libraries: [SwiftHost.LoadedLibrary]) {
        for loaded in libraries {
            let ran = loaded.failedUnit ?? loaded.library.catchUpCount
            for unit in loaded.library.program.units.prefix(ran) { _ = note(unit) }
            let live = loaded.library.program.units.dropFirst(loaded.library.catchUpCount)
            for unit in live.prefix(loaded.liveUnitsRan) { note(live: unit) }
        }
    }

    /// Notes a caught-up step; returns the models it declared again.
    mutating func note(_ unit: ProgramUnit) -> Set<String> {
        var redeclared: Set<String> = []
        for item in unit.items {
            guard case .declaration = item.kind, let named = HostName.declaredName(item.syntax.item) else { continue }
            guard SwiftRunner.isModel(item.syntax) else {
                latest[named.name] = nil
                continue
            }
            if latest[named.name] != nil { redeclared.insert(named.name) } else if !order.contains(named.name) { order.append(named.name) }
            let finder = TypeNameFinder(viewMode: .sourceAccurate)
            finder.walk(item.syntax)
            latest[named.name] = Model(kind: named.kind, name: named.name, text: item.syntax.trimmedDescription,
                                       types: finder.names, mentioned: MentionedNames.of(item.syntax))
        }
        return redeclared
    }

    /// A compiled input's declarations replace models of the same name (the interpreter forgets them).
    mutating func note(live unit: ProgramUnit) {
        for item in unit.items {
            if case .declaration = item.kind, let named = HostName.declaredName(item.syntax.item) { latest[named.name] = nil }
        }
    }

    /// The latest models that use one of `redeclared`, directly or through each other, in the order
    /// they were declared, leaving out the names in `declaredHere` (the library declares them itself).
    func dependents(on redeclared: Set<String>, excluding declaredHere: Set<String>) -> [Model] {
        var changed = redeclared
        var found: [String] = []
        var grew = true
        while grew {
            grew = false
            for name in order where !changed.contains(name) && !declaredHere.contains(name) {
                guard let model = latest[name], !model.types.isDisjoint(with: changed) else { continue }
                changed.insert(name)
                found.append(name)
                grew = true
            }
        }
        return order.filter(found.contains).compactMap { latest[$0] }
    }
}

/// The type names a declaration uses.
private final class TypeNameFinder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }
}
