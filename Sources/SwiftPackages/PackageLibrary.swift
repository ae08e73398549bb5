import Foundation

/// A package set SwiftPM built into one shared library (`libWorkbenchPackages.so`): what a compiled
/// input needs to import its modules and link it. Kept beside the build as `library.json`, so a
/// later session with the same set and toolchain uses it without building.
public struct PackageLibrary: Hashable, Sendable, Codable {
    /// The folder holding the library.
    public let directory: String
    /// `swiftc` flags that find the packages' modules, Swift and C: those SwiftPM gave the wrapper
    /// target that depends on them.
    public let searchFlags: [String]
    /// Each package as built: its requirement made exact (version and products), what it resolved to.
    public let packages: [BuiltPackage]

    public struct BuiltPackage: Hashable, Sendable, Codable {
        public let requirement: PackageRequirement
        /// The version (or branch and revision) SwiftPM resolved, for `package`'s list.
        public let resolved: String
        /// Every library product the package has (what `products` can name).
        public let libraryProducts: [String]
        /// The modules its chosen products make importable.
        public let modules: [String]
    }

    /// Every module an input can import from it.
    public var modules: [String] { packages.flatMap(\.modules) }

    /// `swiftc` flags that compile an input importing the packages and link it to the library (the
    /// host finds it through the rpath).
    package var flags: [String] {
        searchFlags + ["-L", directory, "-l\(PackageSet.libraryName)", "-Xlinker", "-rpath", "-Xlinker", directory]
    }

    /// The package that makes `module` importable, if one here does.
    public func package(providing module: String) -> BuiltPackage? {
        packages.first { $0.modules.contains(module) }
    }
}
