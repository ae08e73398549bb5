/// The package that provides a module a session tried to import and does not have, for the modules
/// tutorials and API code reach for most (docs/packages.md).
public enum PackageSuggestion {
    /// Module → the package's location, with what to import when the module itself is Apple's.
    static let known: [String: (location: String, insteadImport: String?)] = {
        var table: [String: (String, String?)] = [:]
        func add(_ location: String, _ modules: String...) {
            for module in modules { table[module] = (location, nil) }
        }
        add("https://github.com/apple/swift-algorithms", "Algorithms")
        add("https://github.com/apple/swift-async-algorithms", "AsyncAlgorithms")
        add("https://github.com/apple/swift-collections", "Collections", "DequeModule", "OrderedCollections", "HeapModule",
            "BitCollections", "HashTreeCollections")
        add("https://github.com/apple/swift-numerics", "Numerics", "RealModule", "ComplexModule")
        add("https://github.com/apple/swift-argument-parser", "ArgumentParser")
        add("https://github.com/apple/swift-log", "Logging")
        add("https://github.com/apple/swift-crypto", "Crypto")
        add("https://github.com/apple/swift-system", "SystemPackage")
        add("https://github.com/OpenCombine/OpenCombine", "OpenCombine", "OpenCombineFoundation", "OpenCombineDispatch")
        add("https://github.com/CoreOffice/XMLCoder", "XMLCoder")
        add("https://github.com/swiftcsv/SwiftCSV", "SwiftCSV")
        add("https://github.com/jpsim/Yams", "Yams")
        add("https://github.com/swift-server/async-http-client", "AsyncHTTPClient")
        add("https://github.com/drmohundro/SWXMLHash", "SWXMLHash")
        add("https://github.com/attaswift/BigInt", "BigInt")
        add("https://github.com/pointfreeco/swift-custom-dump", "CustomDump")
        // Combine is Apple's only; OpenCombine has its API under its own module names.
        table["Combine"] = ("https://github.com/OpenCombine/OpenCombine", "OpenCombine")
        return table
    }()

    /// The locations completion offers after `package add`.
    public static var locations: [String] { Array(Set(known.values.map(\.location))).sorted() }

    /// One line saying which package provides `module` and how to add it; nil when none is known.
    /// With `added` holding that package already, what to import from it instead.
    public static func hint(forMissing module: String, added: PackageLibrary?) -> String? {
        guard let (location, instead) = known[module] else { return nil }
        let identity = PackageRequirement.identity(of: location)
        let isAdded = added?.packages.contains { $0.requirement.identity == identity } == true
        if let instead {
            let prefix = "(\(module) is Apple's and not on Linux; \(instead) has its API"
            return isAdded ? "\(prefix): `import \(instead)`)" : "\(prefix): `package add \(location)`, then `import \(instead)`)"
        }
        if isAdded { return "(\(module) is in \(identity), added without that product: `package add \(location) products \(module)`)" }
        return "(\(module) is in \(identity): `package add \(location)`, then `import \(module)`)"
    }
}
