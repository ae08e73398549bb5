import Foundation

/// The SwiftPM runs of one package build, in its cache folder (PackageBuild.swift): resolve, read
/// each package's products, build, then read back the flags and versions.
@MainActor
struct BuildSteps {
    let swift: String
    let folder: URL
    let environment: [String: String]
    let log: FileHandle?
    let logPath: String
    let progress: (String) -> Void
    let interrupted: () -> Bool

    /// Thrown when Ctrl-C stopped a run.
    static let interruption = PackageError("interrupted")

    func run(_ requested: PackageSet) async throws(PackageError) -> PackageLibrary {
        // Resolved first with the products named so far: a package named without products has all
        // its libraries, which only its manifest (now checked out) says.
        try write(requested.manifest, to: "Package.swift")
        try write("// Empty: this library is the packages it depends on (Package.swift).\n",
                  to: "Sources/\(PackageSet.libraryName)/\(PackageSet.libraryName).swift")
        try await swiftPM(["package", "--package-path", folder.path, "resolve"], doing: "resolve")
        var chosen = PackageSet()
        var described: [(requirement: PackageRequirement, libraries: [String], modules: [String])] = []
        for requirement in requested.requirements {
            let products = try await libraryProducts(of: requirement)
            var exact = requirement
            if exact.products.isEmpty { exact.products = products.map(\.name) }
            for name in exact.products where !products.contains(where: { $0.name == name }) {
                throw PackageError("\(requirement.identity) has no library product '\(name)': its libraries are \(products.map(\.name).joined(separator: ", "))")
            }
            guard !exact.products.isEmpty else { throw PackageError("\(requirement.identity) has no library products to import") }
            chosen = chosen.adding(exact)
            // A target's module is its name made an identifier, as SwiftPM names it (`my-lib` → `my_lib`).
            let modules = products.filter { exact.products.contains($0.name) }.flatMap(\.targets)
                .map { String($0.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }) }
                .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            described.append((exact, products.map(\.name), modules))
        }
        try write(chosen.manifest, to: "Package.swift")
        try await swiftPM(["build", "--package-path", folder.path, "--product", PackageSet.libraryName], doing: "build")
        let flags = try searchFlags()
        let pins = resolvedPins()
        return PackageLibrary(directory: folder.appendingPathComponent(".build/debug").path, searchFlags: flags,
                              packages: described.map { package in
                                  PackageLibrary.BuiltPackage(requirement: package.requirement,
                                                              resolved: pins[package.requirement.identity] ?? "local",
                                                              libraryProducts: package.libraries, modules: package.modules)
                              })
    }

    private func write(_ text: String, to path: String) throws(PackageError) {
        do {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path))
        } catch {
            throw PackageError("cannot write \(folder.appendingPathComponent(path).path): \(error.localizedDescription)")
        }
    }

    private func swiftPM(_ arguments: [String], doing step: String) async throws(PackageError) {
        let run = await PackageCommandRun.run(swift, arguments, environment: environment, log: log, line: progress, interrupted: interrupted)
        if run.ending == .interrupted { throw Self.interruption }
        guard run.succeeded else { throw PackageError("cannot \(step) the packages: \(run.firstError) (full log: \(logPath))") }
    }

    /// A package's library products and their targets, from its manifest (`dump-package`).
    private func libraryProducts(of requirement: PackageRequirement) async throws(PackageError) -> [(name: String, targets: [String])] {
        guard let checkout = checkout(of: requirement) else {
            throw PackageError("SwiftPM resolved no checkout of \(requirement.location) (full log: \(logPath))")
        }
        let run = await PackageCommandRun.run(swift, ["package", "--package-path", checkout, "--scratch-path",
                                                      folder.appendingPathComponent(".build-manifests").path, "dump-package"],
                                              environment: environment, log: nil, line: { _ in }, interrupted: interrupted)
        if run.ending == .interrupted { throw Self.interruption }
        guard run.succeeded, let start = run.output.firstIndex(of: "{"),
              let json = try? JSONSerialization.jsonObject(with: Data(run.output[start...].utf8)) as? [String: Any],
              let products = json["products"] as? [[String: Any]] else {
            throw PackageError("cannot read \(requirement.identity)'s manifest: \(run.firstError)")
        }
        return products.compactMap { product in
            guard let name = product["name"] as? String, let type = product["type"] as? [String: Any], type["library"] != nil else { return nil }
            return (name, product["targets"] as? [String] ?? [])
        }
    }

    /// Where SwiftPM checked the package out (`.build/checkouts/NAME`), or its folder.
    private func checkout(of requirement: PackageRequirement) -> String? {
        if requirement.versions == .local { return requirement.location }
        let checkouts = folder.appendingPathComponent(".build/checkouts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
        return names.first { PackageRequirement.identity(of: $0) == requirement.identity }.map { checkouts.appendingPathComponent($0).path }
    }

    /// The flags SwiftPM compiled the wrapper target with that find its dependencies' modules: its
    /// compile command in the build description (`.build/debug/description.json`).
    private func searchFlags() throws(PackageError) -> [String] {
        let description = folder.appendingPathComponent(".build/debug/description.json")
        guard let data = try? Data(contentsOf: description),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let commands = json["swiftCommands"] as? [String: [String: Any]],
              let command = commands.first(where: { $0.value["moduleName"] as? String == PackageSet.libraryName })?.value,
              let modules = command["importPath"] as? String else {
            throw PackageError("cannot read the packages' compile command in SwiftPM's build description \(description.path)")
        }
        return ["-I", modules] + Self.searchFlags(in: command["otherArguments"] as? [String] ?? [])
    }

    /// `-I DIR`, and the C flags that find a module (`-Xcc -fmodule-map-file=…`, `-Xcc -I…`), from a
    /// compile command.
    nonisolated static func searchFlags(in arguments: [String]) -> [String] {
        var flags: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-I", index + 1 < arguments.count {
                flags += ["-I", arguments[index + 1]]
                index += 2
                continue
            }
            if argument == "-Xcc", index + 1 < arguments.count {
                let value = arguments[index + 1]
                if value.hasPrefix("-fmodule-map-file=") || (value.hasPrefix("-I") && value.count > 2) {
                    flags += ["-Xcc", value]
                } else if value == "-I", index + 3 < arguments.count, arguments[index + 2] == "-Xcc" {
                    flags += ["-Xcc", "-I", "-Xcc", arguments[index + 3]]
                    index += 4
                    continue
                }
                index += 2
                continue
            }
            index += 1
        }
        return flags
    }

    /// What each package resolved to, by identity, from `Package.resolved`: a version, or a branch
    /// and the start of its revision.
    private func resolvedPins() -> [String: String] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("Package.resolved")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let pins = json["pins"] as? [[String: Any]] else { return [:] }
        var found: [String: String] = [:]
        for pin in pins {
            guard let identity = pin["identity"] as? String, let state = pin["state"] as? [String: Any] else { continue }
            if let version = state["version"] as? String {
                found[identity] = version
            } else if let branch = state["branch"] as? String {
                found[identity] = "\(branch) @ \((state["revision"] as? String ?? "").prefix(8))"
            }
        }
        return found
    }
}
