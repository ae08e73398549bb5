import Foundation
import TestSupport
import Testing
@testable import WorkbenchScript

/// The autolink job answered without the tool writes what the toolchain's `swift-autolink-extract`
/// wrote for the same entries, and leaves to the tool what it does not recognise.
@Suite struct AutolinkEntriesTests {
    @Test func theFlagsAreTheToolsForAnObjectImportingFoundation() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bin = try #require(Self.toolchainBin, "swiftc is not on PATH")
        let source = directory.url.appendingPathComponent("probe.swift")
        try """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            public func probe() async throws -> Int { try await URLSession.shared.data(from: URL(string: "http://x")!).0.count }
            """.write(to: source, atomically: true, encoding: .utf8)
        let object = directory.url.appendingPathComponent("probe.o").path
        let environment = ProcessInfo.processInfo.environment
        let compiled = try await PipedRun.run(bin + "/swiftc", ["-c", "-parse-as-library", "-module-name", "probe", source.path, "-o", object],
                                              input: "", environment: environment)
        try #require(compiled.status == 0, "\(compiled.errorOutput)")
        let expected = directory.url.appendingPathComponent("tool.autolink").path
        let tool = try await PipedRun.run(bin + "/swift-autolink-extract", [object, "-o", expected], input: "", environment: environment)
        try #require(tool.status == 0, "\(tool.errorOutput)")
        let job = [bin + "/swift-autolink-extract", object, "-o", expected]
        let want = try String(contentsOfFile: expected, encoding: .utf8)
        #expect(want.contains("-lFoundation\n"))
        let lookup = try #require(AutolinkEntries.Lookup(job))
        lookup.remember()
        try FileManager.default.removeItem(atPath: expected)
        #expect(lookup.reuse())
        #expect(try String(contentsOfFile: expected, encoding: .utf8) == want)
        // The same imports in another object (another input of the session): the same flags.
        try "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\npublic let other = 1\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let second = directory.url.appendingPathComponent("second.o").path
        let again = try await PipedRun.run(bin + "/swiftc", ["-c", "-parse-as-library", "-module-name", "second", source.path, "-o", second],
                                           input: "", environment: environment)
        try #require(again.status == 0, "\(again.errorOutput)")
        let reused = directory.url.appendingPathComponent("second.autolink").path
        #expect(AutolinkEntries.Lookup([bin + "/swift-autolink-extract", second, "-o", reused])?.reuse() == true)
        #expect(try String(contentsOfFile: reused, encoding: .utf8) == want)
    }

    @Test func whatIsNotThatJobIsLeftToTheTool() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notAnObject = directory.url.appendingPathComponent("text.o")
        try "not an ELF object".write(to: notAnObject, atomically: true, encoding: .utf8)
        let out = directory.url.appendingPathComponent("out.autolink").path
        for job in [["/usr/bin/swift-autolink-extract", notAnObject.path, "-o", out], ["/usr/bin/swift-autolink-extract", "--help"],
                    ["/usr/bin/clang", notAnObject.path, "-o", out]] {
            #expect(AutolinkEntries.Lookup(job) == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(AutolinkEntries.entries(inObject: Data([0x7F, 0x45, 0x4C, 0x46, 2, 1] + [UInt8](repeating: 0, count: 100))) == nil)
    }

    /// The folder of the `swiftc` on PATH.
    static var toolchainBin: String? {
        let paths = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return paths.split(separator: ":").map(String.init)
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/swiftc") }
    }
}
