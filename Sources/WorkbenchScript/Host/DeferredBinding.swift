internal import SwiftSyntax
import WorkbenchKit

/// A top-level `let` or `var` declared without a value and given one later by assignment, which
/// compiled top-level code allows:
///
///     let d: Int?
///     if a < b { d = a + b + c } else { d = nil }
///
/// A library's global must be given its value where it is declared (`global 'let' declaration
/// requires an initializer expression`), and the assignments run after, in the entry point. So the
/// name is declared as a computed global over storage its first assignment fills
/// (`HostValues.Deferred`); the entry point and later inputs read and assign it as any global.
struct DeferredBinding {
    let name: String
    /// The name's and the type's text in the unit (a type shared as in `let a, b: Int`).
    let nameRange: Range<Int>
    let typeRange: Range<Int>
    let constant: Bool
    /// A `var` of optional type: `nil` until assigned, as a program's.
    let startsNil: Bool

    /// The bindings of `variable` when none has a value and each names one identifier of a stated
    /// type; nil otherwise (a computed variable, a tuple pattern), and for `var`s that are all of
    /// optional type, which a library's global may declare as written (they start as `nil`).
    static func of(_ variable: VariableDeclSyntax) -> [DeferredBinding]? {
        let constant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var found: [DeferredBinding] = []
        // `let a, b: Int`: a name without a type takes the next one's.
        var untyped: [IdentifierPatternSyntax] = []
        for binding in variable.bindings {
            guard binding.initializer == nil, binding.accessorBlock == nil,
                  let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
            untyped.append(identifier)
            guard let type = binding.typeAnnotation?.type else { continue }
            // `T!` cannot be a generic argument; a `var` of it is `nil` until assigned anyway.
            if type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return nil }
            let optional = type.is(OptionalTypeSyntax.self)
                || type.as(IdentifierTypeSyntax.self).map { $0.name.text == "Optional" && $0.genericArgumentClause != nil } == true
            for pattern in untyped {
                found.append(DeferredBinding(name: pattern.identifier.text, nameRange: range(of: pattern.identifier),
                                             typeRange: range(of: type), constant: constant, startsNil: !constant && optional))
            }
            untyped = []
        }
        guard untyped.isEmpty, !found.isEmpty, !found.allSatisfy(\.startsNil) else { return nil }
        return found
    }

    /// The global, at file level: a computed variable of the name and type written, over private
    /// storage. In Swift 6 a `var` is the main actor's, as at a program's top level; a `let` is
    /// readable anywhere.
    func declare(from unit: ProgramUnit, unit index: Int, mode: SwiftLanguageMode, source: inout MappedSource) {
        let storage = "__wb_deferred_" + name.filter { $0 != "`" }
        source.generated(!constant && mode == .swift6 ? "@MainActor var " : "var ")
        source.original(unit.bytes, unit: index, range: nameRange)
        source.generated(": ")
        source.original(unit.bytes, unit: index, range: typeRange)
        source.generated(" { get { \(storage).value } set { \(storage).value = newValue } }\n")
        source.generated("nonisolated(unsafe) private var \(storage) = \(HostLibrary.values).Deferred<")
        source.original(unit.bytes, unit: index, range: typeRange)
        let quoted = SwiftLiteral.quoted(name.filter { $0 != "`" })
        source.generated(">(\(quoted), constant: \(constant)\(startsNil ? ", value: nil" : ""))\n")
    }

    private static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }
}
