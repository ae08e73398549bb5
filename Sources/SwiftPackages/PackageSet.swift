import Foundation
import ToolProcesses

/// The packages a session has added, in order: built together by SwiftPM into one shared library
/// the Swift host loads (`PackageBuild`), cached by what they are and the toolchain.
public struct PackageSet: Hashable, Sendable, Codable {
    public private(set) var requirements: [PackageRequirement] = []

    public init(_ requirements: [PackageRequirement] = []) {
        self.requirements = requirements
    }

    public var isEmpty: Bool { requirements.isEmpty }

    /// The set with `requirement` in place of one of the same identity, or added at the end.
    public func adding(_ requirement: PackageRequirement) -> PackageSet {
        var copy = self
        if let index = copy.requirements.firstIndex(where: { $0.identity == requirement.identity }) {
            copy.requirements[index] = requirement
        } else {
            copy.requirements.append(requirement)
        }
        return copy
    }

    /// The set without the package of that identity, name or location; nil when it has none.
    public func removing(_ name: String) -> PackageSet? {
        let key = PackageRequirement.identity(of: name)
        guard let index = requirements.firstIndex(where: { $0.identity == key || $0.location == name }) else { return nil }
        var copy = self
        copy.requirements.remove(at: index)
        return copy
    }

    /// The one library product and target the wrapper package builds, and the module the host sees.
    static let libraryName = "WorkbenchPackages"

    /// The wrapper package's manifest: one dynamic library depending on every chosen product.
    /// Tools version 5.9, the oldest that names a dependency by identity in `.product(…, package:)`.
    var manifest: String {
        """
        // swift-tools-version:5.9
        // Written by Workbench's `package add`: the packages a session uses, built as one library.
        import PackageDescription

        let package = Package(
            name: "\(Self.libraryName)",
            products: [.library(name: "\(Self.libraryName)", type: .dynamic, targets: ["\(Self.libraryName)"])],
            dependencies: [
        \(requirements.map { "        " + $0.dependencyLine + "," }.joined(separator: "\n"))
            ],
            targets: [
                .target(name: "\(Self.libraryName)", dependencies: [
        \(requirements.flatMap(\.productLines).map { "            " + $0 + "," }.joined(separator: "\n"))
                ]),
            ]
        )

        """
    }

    /// Comment lines saying what a Package.swift needs to build `user` (a snippet, app code) with
    /// these packages: its `dependencies:` lines, then its target's.
    public func manifestNeeds(for user: String) -> [String] {
        ["// For \(user), Package.swift's `dependencies:` needs"]
            + requirements.map { "//     \($0.dependencyLine)," }
            + ["// and a library target of one of its products (or the code's own target) needs"]
            + requirements.flatMap(\.productLines).map { "//     \($0)," }
    }

    /// The cache folder's name for this set built by `toolchain` (its identity): a hash of both,
    /// the same in every session.
    func cacheKey(toolchain: String) -> String {
        UserCache.name(for: manifest + "\n" + toolchain)
    }
}
