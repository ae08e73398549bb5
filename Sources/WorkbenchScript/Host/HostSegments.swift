/// Splits the steps to catch up on (and the input) into libraries that each declare a name once:
/// a step that declares again what an earlier step of the same library declared starts a new one,
/// so values made in between keep the type they were made with.
enum HostSegments {
    static func split(_ steps: [(number: Int, unit: ProgramUnit)], inputs: [ProgramUnit]) -> [[(number: Int, unit: ProgramUnit)]] {
        var segments: [[(number: Int, unit: ProgramUnit)]] = [[]]
        var declared: Set<String> = []
        for step in steps {
            let names = declaredKeys(step.unit)
            if !declared.isDisjoint(with: names) {
                segments.append([])
                declared = []
            }
            segments[segments.count - 1].append(step)
            declared.formUnion(names)
        }
        if inputs.contains(where: { !declared.isDisjoint(with: declaredKeys($0)) }) { segments.append([]) }
        return segments
    }

    /// The names a step binds with `let`/`var`, and with a top-level `guard` (`GuardGlobals`).
    static func bindings(_ unit: ProgramUnit) -> [String] {
        unit.items.flatMap { item -> [String] in
            switch item.kind {
            case .binding(let names, _, _), .guardStatement(let names): names
            default: []
            }
        }
    }

    static func declaredKeys(_ unit: ProgramUnit) -> Set<String> {
        Set(unit.items.flatMap { item -> [String] in
            switch item.kind {
            case .declaration: HostName.declaredName(item.syntax.item).map { [$0.name] } ?? []
            case .binding(let names, _, _), .guardStatement(let names): names
            default: []
            }
        })
    }
}
