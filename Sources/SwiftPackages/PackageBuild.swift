import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ToolProcesses

/// Resolves and builds a package set with SwiftPM into one shared library, in a cache folder named
/// by the set and the toolchain (`$XDG_CACHE_HOME/workbench/packages/KEY`, else `~/.cache/…`): a
/// later session with the same set uses it without building, and two sessions building the same set
/// take turns (a lock file). docs/packages.md.
///
/// The folder holds a wrapper package (`PackageSet.manifest`) whose one dynamic library depends on
/// the chosen products, so SwiftPM links them, and what they depend on, into it; the flags SwiftPM
/// gave that target to import them are the flags a compiled input needs.
@MainActor
public struct PackageBuild {
    public let environment: [String: String]
    /// Each line SwiftPM writes as it works (for a one-line progress display).
    public var progress: (String) -> Void = { _ in }
    /// Polled while SwiftPM runs: true stops it (Ctrl-C), leaving the session as it was.
    public var interrupted: () -> Bool = { false }

    public enum Outcome: Sendable {
        case built(PackageLibrary, cached: Bool)
        case failed(PackageError)
        case interrupted
    }

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The folder package builds are cached in.
    public static func cacheRoot(environment: [String: String]) -> URL {
        UserCache.folder("packages", environment: environment)
    }

    public func build(_ requested: PackageSet) async -> Outcome {
        guard let swift = ToolSearch.swift(environment: environment) else {
            return .failed(PackageError("packages need the Swift toolchain, and none was found: install Swift 6 (`swift` on PATH) or set WORKBENCH_SWIFT"))
        }
        var set = PackageSet()
        for requirement in requested.requirements {
            switch await resolvingLatest(requirement) {
            case .success(let resolved): set = set.adding(resolved)
            case .failure(let error): return error.description == "interrupted" ? .interrupted : .failed(error)
            }
        }
        let folder = Self.cacheRoot(environment: environment).appendingPathComponent(set.cacheKey(toolchain: UserCache.toolchainIdentity(swift)))
        do {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/\(PackageSet.libraryName)"),
                                                    withIntermediateDirectories: true)
        } catch {
            return .failed(PackageError("cannot make the package cache folder \(folder.path): \(error.localizedDescription)"))
        }
        guard let lock = await takeLock(in: folder) else { return .interrupted }
        defer { close(lock) }
        let record = folder.appendingPathComponent("library.json")
        if let data = try? Data(contentsOf: record), let library = try? JSONDecoder().decode(PackageLibrary.self, from: data),
           FileManager.default.fileExists(atPath: library.directory + "/lib\(PackageSet.libraryName).so") {
            return .built(library, cached: true)
        }
        let logURL = folder.appendingPathComponent("build.log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let log = try? FileHandle(forWritingTo: logURL)
        defer { try? log?.close() }
        let steps = BuildSteps(swift: swift, folder: folder, environment: environment, log: log, logPath: logURL.path,
                               progress: progress, interrupted: interrupted)
        do {
            let library = try await steps.run(set)
            try JSONEncoder().encode(library).write(to: record, options: .atomic)
            return .built(library, cached: false)
        } catch let error as PackageError {
            return error == BuildSteps.interruption ? .interrupted : .failed(error)
        } catch {
            return .failed(PackageError("cannot record the package build in \(record.path): \(error.localizedDescription)"))
        }
    }

    /// `requirement` with the latest release as `from` when it names no versions.
    private func resolvingLatest(_ requirement: PackageRequirement) async -> Result<PackageRequirement, PackageError> {
        guard requirement.versions == nil else { return .success(requirement) }
        progress("Finding the latest release of \(requirement.location)")
        let git = ToolSearch.executable(named: "git", environment: environment) ?? "/usr/bin/git"
        let run = await PackageCommandRun.run(git, ["ls-remote", "--tags", "--refs", requirement.location], environment: environment,
                                              log: nil, line: { _ in }, interrupted: interrupted)
        if run.ending == .interrupted { return .failure(PackageError("interrupted")) }
        guard run.succeeded else {
            let reason = run.output.split(separator: "\n").first { $0.hasPrefix("fatal: ") }.map { String($0.dropFirst(7)) } ?? run.firstError
            return .failure(PackageError("cannot read \(requirement.location)'s releases: \(reason)"))
        }
        let versions = run.output.split(separator: "\n").compactMap { line -> SemanticVersion? in
            guard let tag = line.split(separator: "/").last, line.contains("refs/tags/") else { return nil }
            return SemanticVersion(String(tag))
        }
        guard let latest = versions.max() else {
            return .failure(PackageError("\(requirement.location) has no release tags: name a branch (`branch main`) or a version"))
        }
        var resolved = requirement
        resolved.versions = .from(latest.text)
        return .success(resolved)
    }

    /// An exclusive lock on the folder's build, waited for (another session building the same set);
    /// nil when interrupted while waiting.
    private func takeLock(in folder: URL) async -> Int32? {
        let descriptor = open(folder.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return -1 }  // no lock to take: build anyway
        var told = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if interrupted() {
                close(descriptor)
                return nil
            }
            if !told {
                progress("Waiting for another session building the same packages")
                told = true
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return descriptor
    }
}
