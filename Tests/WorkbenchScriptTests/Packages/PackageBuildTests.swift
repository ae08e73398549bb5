import Foundation
@testable import SwiftPackages
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// A package build stopped by Ctrl-C leaves nothing behind that a later build takes for done; two
/// asking at once build once; a finished one is imported by the host's inputs; a new set restarts
/// a host that used another.
/// (The Greeting fixture of EndToEndTests/Packages, built as a folder, in a cache of its own.)
@MainActor
@Suite(.serialized) struct PackageBuildTests {
    static let greeting = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../EndToEndTests/Packages/Greeting").standardizedFileURL.path

    @Test func anInterruptedBuildIsNotTakenForDoneAndAFinishedOneIsImported() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("package-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        // Only on CPU time the other suites leave (PackageCommandRun.swift).
        environment["WORKBENCH_PACKAGE_SCHEDULE"] = "idle"
        let set = PackageSet([PackageRequirement(location: Self.greeting, versions: .local)])

        var interrupted = PackageBuild(environment: environment)
        var lines: [String] = []
        interrupted.progress = { lines.append($0) }
        interrupted.interrupted = { !lines.isEmpty }
        guard case .interrupted = await interrupted.build(set) else {
            Issue.record("the build was not interrupted")
            return
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: PackageBuild.cacheRoot(environment: environment).path)
        #expect(folders.count == 1)
        #expect(!FileManager.default.fileExists(atPath: PackageBuild.cacheRoot(environment: environment)
            .appendingPathComponent("\(folders[0])/library.json").path))

        // Two sessions asking at once: one builds, the other waits for it and takes its build
        // (which one gets the lock first is the scheduler's to say).
        var one = PackageBuild(environment: environment)
        var two = PackageBuild(environment: environment)
        var progress: [[String]] = [[], []]
        one.progress = { progress[0].append($0) }
        two.progress = { progress[1].append($0) }
        async let first = one.build(set)
        async let second = two.build(set)
        let outcomes = await [first, second]
        var built: [(library: PackageLibrary, cached: Bool, progress: [String])] = []
        for (outcome, lines) in zip(outcomes, progress) {
            if case .built(let library, let cached) = outcome { built.append((library, cached, lines)) }
        }
        guard built.count == 2, let builder = built.first(where: { !$0.cached }), let waiter = built.first(where: { $0.cached }) else {
            Issue.record("not one build and one wait: \(outcomes), \(progress)")
            return
        }
        let library = builder.library
        #expect(waiter.library == library)
        #expect(waiter.progress == ["Waiting for another session building the same packages"])
        #expect(builder.progress.contains { $0.hasPrefix("[") && $0.contains("Compiling") }, "\(builder.progress)")
        #expect(library.modules == ["Greeting"])
        #expect(library.packages.map(\.requirement.products) == [["Greeting"]])
        // Asked again: from the cache, without a line of progress.
        var again = PackageBuild(environment: environment)
        again.progress = { Issue.record("built again: \($0)") }
        guard case .built(let cached, cached: true) = await again.build(set) else {
            Issue.record("not taken from the cache")
            return
        }
        #expect(cached == library)

        var configuration = HostConfiguration()
        configuration.packages = library
        let session = HostSession(configuration: configuration)
        let ran = await session.run("import Greeting\nlet greeter = Greeter(salutation: \"Hey\")\nprint(greeter.greet(\"host\"))")
        #expect(ran.outcome.succeeded, "\(ran.output)")
        #expect(ran.output.contains("Hey, host!\n"), "\(ran.output)")
        // The same build again: nothing to do. Another build of packages: the host starts over.
        #expect(!session.host.usePackages(library))
        let other = PackageLibrary(directory: library.directory, searchFlags: library.searchFlags + ["-I", "/nowhere"], packages: library.packages)
        #expect(session.host.usePackages(other))
        let after = await session.run("import Greeting\nprint(greeter.greet(\"again\"))")
        #expect(after.output.contains("Hey, again!\n"), "\(after.output)")
    }
}
