internal import SwiftSyntax

/// The imports that make what earlier inputs declared visible to a new one, as one program would
/// see it: every name at its latest declaration (docs/ARCHITECTURE.md, "The Swift host").
///
/// A library whose input ran to its end is imported whole (`@testable`, so no `public` is needed);
/// one whose input failed only by name, for what its caught-up steps declared, since the globals of
/// the failed part were never given a value. A name declared by more than one library is imported by
/// name from the latest (`@testable internal import struct __wb_in7.Post`): Swift prefers a scoped
/// import to whole-module ones, so a redeclared type, function or binding replaces the earlier one,
/// while values made before keep the type they had. A function of another signature is an overload,
/// not a redeclaration: the libraries declaring the earlier overloads are imported by name too.
///
/// Only the libraries a new input needs are imported, so that an input costs the same at the end of
/// a long session as at its start: each import is a module the compiler loads, and
/// the libraries are built resilient with `internal` imports, so importing one does not load the
/// ones it imported. Needed are the libraries declaring a name the input mentions (the latest
/// declaration of it), the ones declaring what has no name (extensions, operators: they apply
/// wherever they are visible), and every library declaring a type that those libraries could hand
/// over (a value's type comes from a library the value's own library imported).
enum HostImports {
    struct Library {
        let module: String
        let declared: [HostName]
        let declaresUnnamed: Bool
        /// Imported whole (its input succeeded, or it only caught up).
        let whole: Bool
        /// The libraries it imported (whole or by name).
        let imported: Set<String>
    }

    /// The import lines for a library mentioning `mentioned`, the modules it imports, and the module
    /// of each mentioned name's latest declaration (what `let posts = posts.sorted()` reads).
    static func lines(for libraries: [Library], mentioning mentioned: Set<String>)
        -> (lines: [String], modules: Set<String>, declaring: [String: String]) {
        var latest: [String: (module: String, kind: String, whole: Bool)] = [:]
        var declaringModules: [String: Set<String>] = [:]
        var declarations: [String: [(module: String, name: HostName)]] = [:]
        for library in libraries {
            for name in library.declared {
                latest[name.name] = (library.module, name.kind, library.whole)
                declaringModules[name.name, default: []].insert(library.module)
                declarations[name.name, default: []].append((library.module, name))
            }
        }
        let libraryNamed = Dictionary(libraries.map { ($0.module, $0) }, uniquingKeysWith: { $1 })
        var needed: Set<String> = []
        for library in libraries where library.declaresUnnamed { needed.insert(library.module) }
        var scoped: [(name: String, module: String, kind: String)] = []
        for name in mentioned.sorted() {
            guard let source = latest[name] else { continue }
            if source.whole { needed.insert(source.module) }
            if declaringModules[name, default: []].count > 1 || !source.whole { scoped.append((name, source.module, source.kind)) }
            for module in overloaded(declarations[name] ?? []) { scoped.append((name, module, "func")) }
        }
        // The types the needed libraries' values and functions can hand over.
        for module in needed.union(scoped.map(\.module)) {
            guard let library = libraryNamed[module] else { continue }
            for imported in library.imported where libraryNamed[imported]?.declaresTypes == true { needed.insert(imported) }
        }
        let whole = libraries.filter { $0.whole && needed.contains($0.module) }.map { "@testable internal import \($0.module)" }
        let declaring = mentioned.reduce(into: [String: String]()) { found, name in found[name] = latest[name]?.module }
        return (whole + scoped.map { "@testable internal import \($0.kind) \($0.module).\($0.name)" },
                needed.union(scoped.map(\.module)), declaring)
    }

    /// The earlier libraries whose functions of a name are overloads of the latest ones, imported
    /// by name beside them: one program sees every overload (`parse<T>(_:) -> T` and
    /// `parse(_:) -> [Int]`). A function of the same signature replaces the earlier one, as does a
    /// type or value of the name; a library that also declared a signature declared again later is
    /// left out, so no call is ambiguous. `declared` is in the libraries' order.
    static func overloaded(_ declared: [(module: String, name: HostName)]) -> [String] {
        guard let last = declared.last?.module else { return [] }
        var modules: [String] = []
        var later: Set<String> = []
        for (module, names) in grouped(declared).reversed() {
            let signatures = names.compactMap(\.signature)
            guard signatures.count == names.count else { break }
            if module != last && later.isDisjoint(with: signatures) { modules.append(module) }
            later.formUnion(signatures)
        }
        return modules.reversed()
    }

    /// Consecutive declarations of one module together, in order.
    private static func grouped(_ declared: [(module: String, name: HostName)]) -> [(module: String, names: [HostName])] {
        var groups: [(module: String, names: [HostName])] = []
        for (module, name) in declared {
            if groups.last?.module == module { groups[groups.count - 1].names.append(name) } else { groups.append((module, [name])) }
        }
        return groups
    }

    /// The identifiers `units` mention: the names a library may need from earlier ones.
    static func mentionedNames(in units: [ProgramUnit]) -> Set<String> {
        units.reduce(into: []) { names, unit in
            for item in unit.items { names.formUnion(MentionedNames.of(item.syntax)) }
        }
    }
}

extension HostImports.Library {
    /// Whether it declares a type, which values of later libraries may have.
    var declaresTypes: Bool {
        declaresUnnamed || declared.contains { ["struct", "class", "enum", "protocol", "typealias"].contains($0.kind) }
    }
}
