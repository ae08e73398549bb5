import Foundation
@testable import REPL
import TestSupport
import Testing

/// A saved snippet is real Swift: every statement form `save` writes type-checks against this build.
@Suite struct SaveCompileTests {
    static let everyForm = [
        "base sandbox/jsonplaceholder", "struct Post: Codable {\n  let userId: Int\n  let id: Int\n  let title: String\n}",
        "path /posts", "path", "query userId=1", "query", "query -userId", "header Accept: application/json",
        "header Authorization: Bearer t0ken", "header --default X-Trace: 1", "header", "header -Accept", "method GET",
        #"body {"a": 1}"#, "body --form a=b", "body --clear", "url", "url http://127.0.0.1:1/x?y=1", "reset", "send",
        "get /posts userId==1 Accept:text/plain", "post /posts title=x userId:=1", "put /posts/1", "patch /posts/1",
        "delete /posts/1", "head /posts", "status", "headers", "headers Content-Type", "body", "body --raw --all",
        "timing", "history", "show 1", "curl", "decode [Post]", "let posts = decode [Post] --keys snake --dates iso8601",
        "decode Post --at [0] --dates formatted yyyy-MM-dd", "posts[0].title", "posts.count", #"json {"a": [1]}"#,
        "json @doc.json", "set timeout 5", "set redirects off", "set body-lines 10",
    ]

    @Test func everyStatementFormTypeChecks() throws {
        let snippet = try TranscriptSnippet(name: "every-form", description: "Every statement save writes.",
                                            inputs: Self.everyForm, sandboxURL: nil)
        #expect(snippet.statements.skipped.isEmpty, "\(snippet.statements.skipped)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("every-form.swift")
        try snippet.source.write(to: file, atomically: true, encoding: .utf8)
        let result = try SwiftCompiler.typeCheck(file, module: "every_form")
        #expect(result.status == 0, "\(result.errorOutput)\n\(snippet.source)")
    }
}

/// `swiftc -typecheck` against the modules of the build the tests run in: seconds, not a package build.
enum SwiftCompiler {
    static func typeCheck(_ file: URL, module: String) throws -> PipedRun {
        let build = URL(fileURLWithPath: try Binaries.workbench).deletingLastPathComponent()
        let root = packageRoot(above: build)
        let paths = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = paths.split(separator: ":").map { "\($0)/swiftc" }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
        var arguments = ["-typecheck", "-module-name", module, "-I", build.appendingPathComponent("Modules").path]
        // C modules under the Swift ones (zlib, NIO's and Atomics' shims) are found through their module maps:
        // the ones SwiftPM generated beside the build's targets, and those the checked-out packages ship.
        var maps = [root.appendingPathComponent("Sources/CZlib/module.modulemap").path]
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
        arguments += maps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
        arguments.append(file.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = paths
        return try PipedRun.run(swiftc, arguments, input: "", environment: environment)
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
