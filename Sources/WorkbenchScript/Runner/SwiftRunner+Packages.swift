import SwiftPackages
/// The packages every later input may import (docs/packages.md).
extension SwiftRunner {
    /// Links `library` (nil: none) into every later input. An `import` of a module no package
    /// provides any more is dropped from the imports later inputs get. True when the Swift host
    /// restarted for it (SwiftHost+Packages.swift).
    public func usePackages(_ library: PackageLibrary?) -> Bool {
        let gone = Set(configuration.packages?.modules ?? []).subtracting(library?.modules ?? [])
        configuration.imports.removeAll { line in gone.contains { line == "import \($0)" } }
        configuration.packages = library
        return hostInstance?.usePackages(library) ?? false
    }

    /// After `import X` failed: where X may be found, when a known package provides it.
    func suggestPackage(forMissing module: String) {
        guard let hint = PackageSuggestion.hint(forMissing: module, added: configuration.packages) else { return }
        console.line(console.styled(hint, .dim))
        console.flush()
    }
}
