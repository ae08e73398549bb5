import Foundation
import WorkbenchKit

/// A package `package add` brings into the session: where it is, which versions, which of its
/// library products (docs/packages.md). Written back as the same words in `package`'s list and
/// a snippet's header, and as the `.package(…)` line of a manifest.
public struct PackageRequirement: Hashable, Sendable, Codable {
    public enum Versions: Hashable, Sendable, Codable {
        /// This version or a later one with the same major number (SwiftPM's `from:`).
        case from(String)
        case exact(String)
        case branch(String)
        /// A folder on this machine, built as it is (SwiftPM's `path:`).
        case local
    }

    /// A git URL, or an absolute path for a local package.
    public let location: String
    /// Nil until resolved: `package add URL` takes the latest release (then `from` it).
    public var versions: Versions?
    /// The library products it links; empty: every library product it has.
    public var products: [String]

    public init(location: String, versions: Versions?, products: [String] = []) {
        self.location = location
        self.versions = versions
        self.products = products
    }

    /// SwiftPM's identity for it, which a manifest's `.product(name:package:)` names: the last part
    /// of its location, lowercased, without `.git`.
    public var identity: String { Self.identity(of: location) }

    static func identity(of location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// The words after `package add`: `LOCATION [from V | exact V | branch NAME] [products A B …]`.
    /// A location starting with `/`, `./`, `../` or `~` is a folder, made absolute against
    /// `currentDirectory`; anything else is a git URL (`https://` added before a host).
    public init(words: [String], currentDirectory: String) throws(PackageError) {
        guard let first = words.first else { throw PackageError("which package? `package add URL [from VERSION | exact VERSION | branch NAME] [products A B]`") }
        var rest = words.dropFirst()
        let isFolder = ["/", "./", "../", "~"].contains { first.hasPrefix($0) } || first == "." || first == ".."
        if isFolder {
            let expanded = NSString(string: first).expandingTildeInPath
            let absolute = expanded.hasPrefix("/") ? expanded : (currentDirectory as NSString).appendingPathComponent(expanded)
            location = URL(fileURLWithPath: absolute).standardizedFileURL.path
            versions = .local
        } else {
            guard first.contains("/") || first.contains(":") else {
                throw PackageError("'\(first)' is not a package's URL or folder: `package add https://github.com/OWNER/NAME`")
            }
            // `github.com/apple/swift-algorithms` is https's, as a request's URL is.
            location = RequestTarget.absolute(first)
            versions = nil
        }
        products = []
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "from", "exact", "branch":
                guard !isFolder else { throw PackageError("a folder is built as it is: `\(word)` is for a URL") }
                guard versions == nil else { throw PackageError("one of from, exact or branch, once") }
                guard let value = rest.first, !["from", "exact", "branch", "products"].contains(value) else {
                    throw PackageError("`\(word)` needs a \(word == "branch" ? "branch name" : "version")")
                }
                rest = rest.dropFirst()
                if word != "branch", SemanticVersion(value) == nil {
                    throw PackageError("'\(value)' is not a version (MAJOR.MINOR.PATCH, like 1.2.1)")
                }
                versions = word == "from" ? .from(value) : word == "exact" ? .exact(value) : .branch(value)
            case "products", "product":
                guard !rest.isEmpty else { throw PackageError("`products` needs at least one product name") }
                products += rest
                rest = []
            default:
                throw PackageError("unexpected '\(word)': `package add URL [from VERSION | exact VERSION | branch NAME] [products A B]`")
            }
        }
    }

    /// The words `package add` takes for it, as `package` lists it and a snippet's header keeps it.
    public var commandLine: String {
        var words = [location.contains(" ") ? "'\(location)'" : location]
        switch versions {
        case .from(let version)?: words += ["from", version]
        case .exact(let version)?: words += ["exact", version]
        case .branch(let name)?: words += ["branch", name]
        case .local?, nil: break
        }
        if !products.isEmpty { words += ["products"] + products }
        return words.joined(separator: " ")
    }

    /// Its line in a manifest's `dependencies:` (a manifest has no names of the session's: a `\(` is text).
    public var dependencyLine: String {
        let literal = swiftString(location)
        switch versions {
        case .from(let version)?: return ".package(url: \(literal), from: \(swiftString(version)))"
        case .exact(let version)?: return ".package(url: \(literal), exact: \(swiftString(version)))"
        case .branch(let name)?: return ".package(url: \(literal), branch: \(swiftString(name)))"
        case .local?: return ".package(path: \(literal))"
        // Not written: a build resolves the latest release first (`PackageBuild.resolvingLatest`).
        case nil: return ".package(url: \(literal), from: \"0.0.0\")"
        }
    }

    /// Its products as a target's `dependencies:` names them.
    public var productLines: [String] {
        products.map { ".product(name: \(swiftString($0)), package: \(swiftString(identity)))" }
    }

    private func swiftString(_ text: String) -> String { SwiftLiteral.string(text, interpolating: nil) }
}

/// A package that cannot be added, as one line.
public struct PackageError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// `1.2.1` or `v1.2.1` (a release: no pre-release or build part), ordered as SwiftPM orders them.
struct SemanticVersion: Comparable {
    let parts: [Int]
    let text: String

    init?(_ text: String) {
        let digits = text.hasPrefix("v") ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        self.parts = parts.map { $0! }
        self.text = digits
    }

    static func < (a: SemanticVersion, b: SemanticVersion) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}
