import Foundation
import TestSupport
import Testing

/// Every fuzz target in Fuzzing/ type-checks against this build's modules. `make fuzz` builds them
/// only optimized and with the address sanitizer (over 15 minutes here), so nothing else compiled
/// them, and a change to an API one calls went unnoticed: FuzzHost did not compile after
/// `SnippetScript.Step` took the file's text. Checked here without the sanitizer or libFuzzer, each
/// target as the library file libFuzzer's `main` calls into (Fuzzing/Package.swift).
@Suite struct FuzzTargetsCompileTests {
    @Test func everyFuzzTargetTypeChecks() async throws {
        let sources = try SnippetTypeCheck.packageRoot.appendingPathComponent("Fuzzing/Sources")
        let modules = try TemporaryDirectory()
        defer { modules.remove() }
        let support = try Self.swiftFiles(in: sources.appendingPathComponent("FuzzSupport"))
        let emitted = try await SnippetTypeCheck.swiftc(
            ["-emit-module", "-parse-as-library", "-module-name", "FuzzSupport",
             "-emit-module-path", modules.url.appendingPathComponent("FuzzSupport.swiftmodule").path] + support)
        try #require(emitted.status == 0, "FuzzSupport: \(emitted.errorOutput)")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("Fuzz") && $0 != "FuzzSupport" }.sorted()
        #expect(targets.count >= 6, "\(targets)")
        for target in targets {
            let files = try Self.swiftFiles(in: sources.appendingPathComponent(target))
            let checked = try await SnippetTypeCheck.swiftc(
                ["-typecheck", "-parse-as-library", "-module-name", target, "-I", modules.url.path] + files)
            #expect(checked.status == 0, "\(target): \(checked.errorOutput)")
        }
    }

    static func swiftFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }
}
