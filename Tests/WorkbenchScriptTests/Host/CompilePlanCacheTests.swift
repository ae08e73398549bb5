import Foundation
import TestSupport
import Testing
import ToolProcesses
@testable import WorkbenchScript

/// The driver's plan is asked for once and kept (`CompilePlanCache`): a later session with another
/// directory reads it, for its own directory, without running the driver; a different toolchain,
/// argument or driver variable is another plan.
@Suite struct CompilePlanCacheTests {
    @Test func aPlanAskedOnceIsReadByTheNextSessionForItsOwnDirectory() async throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let swift = try #require(ToolSearch.swift(environment: ProcessInfo.processInfo.environment), "no swift on PATH")
        let toolchain = HostToolchain(compiler: URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("swiftc").path,
                                      host: "/nonexistent/workbench-host", kitDirectory: URL(fileURLWithPath: "/nonexistent/kit"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.url.path
        let key = HostCompileJobs.Key(languageMode: .swift5, modules: [], packages: nil, resultsColumn: false)
        let first = try TemporaryDirectory(), second = try TemporaryDirectory()
        defer { first.remove(); second.remove() }

        let asked = try #require(await HostCompileJobs.plan(toolchain, directory: first.url, key: key, environment: environment))
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.url.appendingPathComponent("workbench/plans").path)
        #expect(kept.count == 1)
        #expect(asked.jobs.joined().contains { $0.hasPrefix(first.url.path) })

        // The kept plan names a frontend that is not there: only a read of it gives that back.
        let file = cache.url.appendingPathComponent("workbench/plans/\(kept[0])")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: #"\/swift-frontend "#, with: #"\/kept\/swift-frontend "#)
            .write(to: file, atomically: true, encoding: .utf8)
        let read = try #require(await HostCompileJobs.plan(toolchain, directory: second.url, key: key, environment: environment))
        #expect(read.jobs[0][0].hasSuffix("/kept/swift-frontend"), "\(read.jobs[0][0])")
        #expect(read.jobs.joined().contains { $0.hasPrefix(second.url.path) })
        #expect(!read.jobs.joined().contains { $0.contains(first.url.path) })
        // The same plan for the new directory, apart from the frontend written into the cache.
        let expected = asked.jobs(for: "m").map { $0.map { $0.replacingOccurrences(of: first.url.path, with: second.url.path) } }
        let got = read.jobs(for: "m")
        #expect(Array(got[0].dropFirst()) == Array(expected[0].dropFirst()))
        #expect(Array(got.dropFirst()) == Array(expected.dropFirst()))

        // Another language mode, another driver variable: asked again, not read.
        let swift6 = HostCompileJobs.Key(languageMode: .swift6, modules: [], packages: nil, resultsColumn: false)
        let other = try #require(await HostCompileJobs.plan(toolchain, directory: second.url, key: swift6, environment: environment))
        #expect(!other.jobs[0][0].hasSuffix("/kept/swift-frontend"))
        environment["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC"] = other.jobs[0][0]
        let variable = try #require(await HostCompileJobs.plan(toolchain, directory: second.url, key: key, environment: environment))
        #expect(!variable.jobs[0][0].hasSuffix("/kept/swift-frontend"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.appendingPathComponent("workbench/plans").path).count == 3)

        // A playground's Sources/ module, in a folder of that run: planned, not kept.
        let module = LinkedModule(name: "Helpers", directory: first.url.appendingPathComponent("Helpers"))
        let withModule = HostCompileJobs.Key(languageMode: .swift5, modules: [module], packages: nil, resultsColumn: false)
        let planned = try #require(await HostCompileJobs.plan(toolchain, directory: second.url, key: withModule, environment: environment))
        #expect(planned.jobs.joined().contains("-lHelpers"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.appendingPathComponent("workbench/plans").path).count == 3)
    }

    @Test func aKeptPlanForAnotherKeyUnderTheSameNameIsNotRead() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let environment = ["XDG_CACHE_HOME": cache.url.path]
        let plan = CompilePlanCache(compiler: "/usr/bin/swiftc", arguments: ["-###", "/s/a.swift"], directory: "/s", environment: environment)
        plan.write("/usr/bin/swift-frontend -c /s/a.swift\n")
        #expect(plan.read() == "/usr/bin/swift-frontend -c /s/a.swift\n")
        let elsewhere = CompilePlanCache(compiler: "/usr/bin/swiftc", arguments: ["-###", "/t/a.swift"], directory: "/t", environment: environment)
        #expect(elsewhere.read() == "/usr/bin/swift-frontend -c /t/a.swift\n")
        // The file of that name holding another key (a hash collision, a file from elsewhere).
        let folder = cache.url.appendingPathComponent("workbench/plans")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        try Data(#"{"key": "another", "plan": "x"}"#.utf8).write(to: folder.appendingPathComponent(name))
        #expect(plan.read() == nil)
    }
}
