import Foundation
import SandboxTestSupport
import TestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `-o FILE`, `-O` and `--output-dir` write the body where curl writes it (`body --save`).
@MainActor
@Suite struct CurlOutputTests {
    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CurlLine.parse(ShellWords.split(arguments)).statements()
    }

    @Test(arguments: [
        ("-o out.json https://x/a", "out.json"),
        ("-O https://x/a/photo%20one.jpg?size=2", "photo%20one.jpg"),
        ("--output-dir d -O https://x/a/b.json", "d/b.json"),
        // curl puts the folder before an absolute name too.
        ("--output-dir d -o /tmp/x.json https://x/a", "d//tmp/x.json"),
        ("-O sandbox/httpbin/image/png", "png"),
    ])
    func theBodyIsWrittenWhereCurlWritesIt(arguments: String, file: String) throws {
        let made = try statements(arguments)
        #expect(made.last == .saveBody(file) && made.dropLast().last == .send(stream: false), "\(made)")
    }

    @Test func standardOutputAndATurnedOffRemoteNameWriteNothing() throws {
        #expect(try !statements("-o - https://x/a").contains { $0.form == .saveBody })
        #expect(try !statements("-O --no-remote-name https://x/a").contains { $0.form == .saveBody })
    }

    /// `-J` would name the file from the response's Content-Disposition, which is not known when
    /// the statements are made: the URL names it, and one line says so.
    @Test func aNameFromTheResponseIsSaidToBeTheURLs() throws {
        let line = try CurlLine.parse(ShellWords.split("-OJ https://x/a/report"))
        #expect(try line.statements().last == .saveBody("report"))
        #expect(line.notes == ["note: curl -J names the file from the response's Content-Disposition; here -O names it from the URL"])
    }

    @Test func aURLThatEndsInNoNameCannotNameTheFile() {
        #expect(throws: UsageError.self) { try statements("-O https://x/") }
    }

    /// The same command run by curl and pasted at Workbench leaves the same file, byte for byte,
    /// under the same name.
    @Test func theFileIsTheOneCurlWrites() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let ours = folder.url.appendingPathComponent("ours")
        let theirs = folder.url.appendingPathComponent("theirs")
        for made in [ours, theirs] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let console = Console(capturingWithColors: false)
        try await withLiveSandbox { root in
            let url = root.appendingPathComponent("httpbin/image/png").absoluteString
            try CurlFidelityTests.runCurl("-s --output-dir \(theirs.path) -O \(url)")
            try CurlFidelityTests.runCurl("-s -o \(theirs.path)/named.png \(url)")
            let session = Session(console: console, isInteractive: false)
            #expect(await session.evaluate("curl -s --output-dir \(ours.path) -O \(url)"), "\(console.capturedText)")
            #expect(await session.evaluate("curl -s -o \(ours.path)/named.png \(url)"), "\(console.capturedText)")
        }
        let listed = { (folder: URL) in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
        #expect(try listed(ours) == ["named.png", "png"] && listed(theirs) == listed(ours))
        for name in ["named.png", "png"] {
            let written = try #require(FileManager.default.contents(atPath: ours.appendingPathComponent(name).path))
            #expect(!written.isEmpty && written == FileManager.default.contents(atPath: theirs.appendingPathComponent(name).path))
        }
    }
}
