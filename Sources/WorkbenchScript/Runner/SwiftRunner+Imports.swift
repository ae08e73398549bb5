internal import SwiftSyntax
import WorkbenchKit

/// Imports, decided at the input that types them (SessionImport): one that fails is one line there
/// and is never tried again, one that compiles is imported by every later input.
extension SwiftRunner {
    /// Runs an import item; false when the module is not there (its line printed).
    func runImport(_ kind: SessionImport, _ item: CodeBlockItemSyntax) async -> Bool {
        switch kind {
        case .alreadyThere, .playgroundSupport:
            return true
        case .appleOnly(let module):
            if !appleOnlyImports.contains(module) {
                appleOnlyImports.append(module)
                console.line(console.styled(SessionImport.appleOnlyNote(module), .dim))
                console.flush()
            }
            return true
        case .module(let module):
            let line = item.trimmedDescription
            guard !configuration.imports.contains(line) else { return true }
            refreshSettings()
            let outcome = await host.run(line, after: settledLog(), isStep: false, interrupted: interrupted)
            guard outcome.succeeded else {
                if outcome.failure?.contains("no such module") == true { suggestPackage(forMissing: module) }
                return false
            }
            configuration.imports.append(line)
            return true
        }
    }

    /// After a compile error that cannot find a name of UIKit or its kin (`UIColor`, SwiftUI's
    /// `View`), in a session that imported that module: one line saying why it is missing. An
    /// error about the user's own names (`has no member 'titel'`) gets none.
    func explainMissingName(in failure: String?) {
        guard let failure else { return }
        let modules = SessionImport.hintedModules(for: failure, imported: appleOnlyImports)
        guard !modules.isEmpty else { return }
        console.line(console.styled(SessionImport.appleOnlyHint(modules), .dim))
        console.flush()
    }
}
