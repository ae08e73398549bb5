internal import SwiftSyntax
import WorkbenchKit

/// A top-level `guard let NAME = VALUE … else { … }`. In one program its names are the rest of the
/// top-level code's; at the prompt the rest is later inputs, so each name is a global of the
/// library, as a binding's is: typed from its value's unwrapped type, given the value the guard
/// bound right after it. A guard with a name that cannot be such a global (see `init`) keeps all
/// of its names its own, as before.
struct GuardGlobals {
    /// Edits of the guard as the entry point runs it: uses of a name it binds in its own values
    /// (`guard let x = x`, `guard let x`) read the earlier declaration, not the new global.
    var edits: [SourceEdit] = []
    /// What the entry point runs after the guard: each value handed to its global.
    var after = ""
    var names: [(specifier: String, name: String)] = []

    init(_ statement: GuardStmtSyntax, of unit: ProgramUnit, unit index: Int, mode: SwiftLanguageMode,
         earlier: [String: String], source: inout MappedSource) {
        let values = HostLibrary.values
        let declaredBefore = Set(unit.items.flatMap { item -> [String] in
            if case .binding(let names, _, _) = item.kind { names } else { [] }
        })
        let boundNames = statement.conditions.map { condition in
            condition.condition.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        // A value typed at the file's scope sees only globals: a guard with a name that cannot be
        // one (bound by a `case` or a tuple pattern, in backticks, declared by its own step before,
        // `guard let x` of no earlier `x`) keeps all its names its own.
        let simple = statement.conditions.allSatisfy { condition in
            switch condition.condition {
            case .expression: true
            case .optionalBinding(let binding):
                binding.pattern.as(IdentifierPatternSyntax.self).map { pattern in
                    let name = pattern.identifier.text
                    return !name.hasPrefix("`") && !declaredBefore.contains(name)
                        && (binding.typeAnnotation != nil || binding.initializer != nil || earlier[name] != nil)
                } ?? false
            default: false
            }
        }
        guard simple else { return }
        for (position, condition) in statement.conditions.enumerated() {
            // A condition's value reads the names bound before it as the guard's own, and its own
            // name and those bound after it as what they were before the guard.
            let notYetBound = Set(boundNames[position...].compactMap { $0 })
            guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, !declaredBefore.contains(name) else { continue }
            let specifier = binding.bindingSpecifier.text
            let isolation = specifier == "var" && mode == .swift6 ? "@MainActor" : "nonisolated(unsafe)"
            if let type = binding.typeAnnotation?.type {
                source.generated("\(isolation) \(specifier) \(name): ")
                source.original(unit.bytes, unit: index, range: type.positionAfterSkippingLeadingTrivia.utf8Offset..<type.endPositionBeforeTrailingTrivia.utf8Offset)
                source.generated(" = \(values).take()\n")
            } else if let value = binding.initializer?.value {
                let reads = EarlierValueReads.edits(in: value, names: notYetBound, modules: earlier)
                edits += reads
                source.generated("\(isolation) \(specifier) \(name) = \(values).take(\(values).unwrappedType { ")
                source.original(unit.bytes, unit: index, range: value.positionAfterSkippingLeadingTrivia.utf8Offset..<value.endPositionBeforeTrailingTrivia.utf8Offset,
                                edits: reads)
                source.generated(" })\n")
            } else if let module = earlier[name] {
                // `guard let x`: the earlier `x`, unwrapped.
                let end = binding.pattern.endPositionBeforeTrailingTrivia.utf8Offset
                edits.append(SourceEdit(range: end..<end, text: " = \(module).\(name)"))
                source.generated("\(isolation) \(specifier) \(name) = \(values).take(\(values).unwrappedType { \(module).\(name) })\n")
            } else {
                continue
            }
            // Read where no local of the name hides the global, so reading it runs its initializer;
            // a `var` changed after the guard in the same function is stored back when it ends.
            let actor = isolation == "@MainActor" ? "@MainActor " : ""
            source.generated("\(actor)private func __wb_guarded_\(name)() { _ = \(name) }\n")
            after += "\(values).hand(\(name))\n__wb_guarded_\(name)()\n"
            if specifier == "var" {
                source.generated("\(actor)private func __wb_store_\(name)(_ value: Any) { \(values).assign(&\(name), value) }\n")
                after += "defer { __wb_store_\(name)(\(name)) }\n"
            }
            names.append((specifier, name))
        }
    }
}
