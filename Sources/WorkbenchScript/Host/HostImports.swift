/// The imports that make what earlier inputs declared visible to a new one, as one program would
/// see it: every name at its latest declaration (docs/ARCHITECTURE.md, "The Swift host").
///
/// A library whose input ran to its end is imported whole (`@testable`, so no `public` is needed);
/// one whose input failed only by name, for what its caught-up steps declared, since the globals of
/// the failed part were never given a value. A name declared by more than one library is imported by
/// name from the latest (`@testable import struct __wb_in7.Post`): Swift prefers a scoped import to
/// whole-module ones, so a redeclared type, function or binding replaces the earlier one, while
/// values made before keep the type they had.
enum HostImports {
    struct Library {
        let module: String
        let declared: [HostName]
        let declaresUnnamed: Bool
        /// Imported whole (its input succeeded, or it only caught up).
        let whole: Bool
    }

    static func lines(for libraries: [Library]) -> [String] {
        var lines: [String] = []
        var latest: [String: (module: String, kind: String)] = [:]
        var declaringModules: [String: Set<String>] = [:]
        var scopedOnly: Set<String> = []
        for library in libraries where !library.declared.isEmpty || (library.whole && library.declaresUnnamed) {
            if library.whole { lines.append("@testable import \(library.module)") }
            for name in library.declared {
                latest[name.name] = (library.module, name.kind)
                declaringModules[name.name, default: []].insert(library.module)
                if library.whole { scopedOnly.remove(name.name) } else { scopedOnly.insert(name.name) }
            }
        }
        for (name, source) in latest.sorted(by: { $0.key < $1.key })
        where declaringModules[name, default: []].count > 1 || scopedOnly.contains(name) {
            lines.append("@testable import \(source.kind) \(source.module).\(name)")
        }
        return lines
    }
}
