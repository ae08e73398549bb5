import Foundation

/// `swiftc -typecheck` against the modules of the build the tests run in: seconds, not a package build.
public enum SnippetTypeCheck {
    /// Type-checks the snippet `file` as module `module`; status 0 when it compiles.
    public static func run(_ file: URL, module: String) async throws -> PipedRun {
        try await swiftc(["-typecheck", "-module-name", module, file.path])
    }

    /// `swiftc` with `arguments` after the build's modules, C module maps included, on its search path.
    public static func swiftc(_ arguments: [String]) async throws -> PipedRun {
        let build = URL(fileURLWithPath: try Binaries.workbench).deletingLastPathComponent()
        let root = packageRoot(above: build)
        let paths = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = paths.split(separator: ":").map { "\($0)/swiftc" }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
        var search = ["-I", build.appendingPathComponent("Modules").path]
        // C modules under the Swift ones (zlib, libedit, cmark, NIO's and Atomics' shims) are found
        // through their module maps: the package's own, the ones SwiftPM generated beside the build's
        // targets, and those the checked-out packages ship.
        var maps = ["CZlib", "CLibEdit", "CMarkGFM"].map { root.appendingPathComponent("Sources/\($0)/module.modulemap").path }
        let files = FileManager.default
        for target in (try? files.contentsOfDirectory(atPath: build.path)) ?? [] where target.hasSuffix(".build") {
            let map = build.appendingPathComponent(target).appendingPathComponent("module.modulemap").path
            if files.fileExists(atPath: map) { maps.append(map) }
        }
        let checkouts = root.appendingPathComponent(".build/checkouts")
        for package in (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for target in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
                let map = sources.appendingPathComponent(target).appendingPathComponent("include/module.modulemap").path
                if files.fileExists(atPath: map) { maps.append(map) }
            }
        }
        search += maps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = paths
        return try await PipedRun.run(swiftc, search + arguments, input: "", environment: environment)
    }

    /// The package's root folder (where Package.swift is), above the build the tests run in.
    public static var packageRoot: URL {
        get throws { packageRoot(above: URL(fileURLWithPath: try Binaries.workbench).deletingLastPathComponent()) }
    }

    static func packageRoot(above build: URL) -> URL {
        var directory = build
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return build
    }
}
