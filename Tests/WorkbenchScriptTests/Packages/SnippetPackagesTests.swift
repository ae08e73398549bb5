import SwiftPackages
import Testing
import WorkbenchScript

/// The packages a snippet's header names (`// Package: …`), which replay builds before it runs.
@Suite struct SnippetPackagesTests {
    @Test func aSnippetsHeaderNamesItsPackages() throws {
        let source = """
            // Chunks of posts.
            //
            // Package: https://github.com/apple/swift-algorithms from 1.2.1 products Algorithms
            // Package: not a package
            // For `swift run chunks`, Package.swift's `dependencies:` needs

            import Algorithms
            print([1, 2, 3].chunks(ofCount: 2).count)
            """
        let script = try SnippetScript(source: source, fileName: "chunks.swift")
        #expect(script.packages.map(\.commandLine) == ["https://github.com/apple/swift-algorithms from 1.2.1 products Algorithms"])
        #expect(script.summary == "Chunks of posts.")
    }
}
