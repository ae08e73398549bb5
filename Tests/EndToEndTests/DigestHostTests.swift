import Foundation
import Testing
import TestSupport

/// Digest credentials cross to the Swift host and back with the request: after a compiled input,
/// `send` and a compiled `wb.send()` still answer the challenge (the real binary, its sandbox).
@Suite struct DigestHostTests {
    @Test func theCredentialsCrossTheSwiftHost() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = """
            curl --digest -u ada:pw sandbox/httpbin/digest-auth/auth/ada/pw
            struct Doubler { let a: Int; func twice() -> Int { a * 2 } }
            print(Doubler(a: 2).twice())
            send
            try await wb.send()

            """
        // Every Swift input compiled (the fast path would keep the request in the REPL).
        let environment = isolatedEnvironment(home: folder.url, extra: ["WORKBENCH_ENGINE": "compiled"])
        let run = try await PipedRun.run(try Binaries.workbench, [], input: typed, environment: environment)
        let statuses = run.output.split(separator: "\n").filter { $0.hasPrefix("HTTP ") }.map { $0.prefix { $0 != "·" } }
        #expect(statuses == ["HTTP 200 OK ", "HTTP 200 OK ", "HTTP 200 OK "], "\(run.output)")
        #expect(run.output.contains("defined Doubler\n4\n"), "\(run.output)")
    }
}
