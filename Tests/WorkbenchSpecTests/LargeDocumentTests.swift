import Foundation
import Testing
import TestSupport
@testable import WorkbenchSpec

/// The large real descriptions (Fixtures/SOURCES.md): Elasticsearch Serverless (OpenAPI 3.0.3,
/// 452 operations, 1,870 schemas, recursive ones among them) and Discord (3.1.0, 242, 539). Their
/// load time and completion are figure 11 of `make bench`; here, that they read whole and right.
@Suite struct LargeDocumentTests {
    static let documents = [
        (file: "large-elasticsearch-serverless.json", operations: 452, schemas: 1870),
        (file: "large-discord.json", operations: 242, schemas: 539),
    ]

    @Test(arguments: documents)
    func everyOperationIsReadAndFoundAgainByItsOwnPath(_ document: (file: String, operations: Int, schemas: Int)) throws {
        let spec = try APISpec.read(try SpecFixtures.data(document.file), from: URL(string: "https://example.com/openapi.json"))
        #expect(spec.operations.count == document.operations)
        #expect(spec.schemas.count == document.schemas)
        #expect(spec.problems.isEmpty, "\(spec.problems.prefix(3))")
        for operation in spec.operations {
            let concrete = operation.path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "v1", options: .regularExpression)
            guard case .found(let found) = spec.operation(method: operation.method, path: concrete) else {
                Issue.record("\(operation.method) \(concrete) not found")
                continue
            }
            // A more literal template may win (`/_search` over `/{index}`), never one of another method.
            #expect(found.method == operation.method)
        }
        // Tab reaches every path: each literal segment completes once what comes before it is typed.
        let completion = SpecCompletion(spec: spec, base: nil)
        for path in Set(spec.operations.map(\.path)) {
            let concrete = path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "v1", options: .regularExpression)
            var typed = ""
            for segment in concrete.split(separator: "/") {
                if !path.contains("/\(segment)") || segment == "v1" {
                    typed += "/" + segment
                    continue
                }
                let offered = completion.paths(matching: typed + "/" + segment.prefix(1))
                #expect(offered.contains { $0.hasPrefix(typed + "/" + segment) }, "\(typed)/\(segment.prefix(1)) in \(path)")
                typed += "/" + segment
            }
        }
    }

    /// Every schema declared at once, as `spec models` declares them, type-checks with Foundation alone.
    @Test(arguments: documents.map(\.file))
    func theirModelsCompile(_ file: String) async throws {
        let spec = try APISpec.read(try SpecFixtures.data(file), from: URL(string: "https://example.com/openapi.json"))
        let output = try ModelWriter.write(spec)
        #expect(output.typeNames.count > spec.schemas.count * 9 / 10)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.url.appendingPathComponent("models.swift")
        try ("import Foundation\n\n" + output.source).write(to: source, atomically: true, encoding: .utf8)
        let result = try await PipedRun.run("/usr/bin/env", ["swiftc", "-typecheck", source.path], input: "",
                                            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.errorOutput.prefix(2000))")
    }
}
