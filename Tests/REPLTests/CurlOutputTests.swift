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
        // curl pairs the first output with the URL.
        ("-o a.json -o b.json https://x/a", "a.json"),
        ("-O -o b.json https://x/a/c.json", "c.json"),
        ("--remote-name-all https://x/a/c.json#top", "c.json"),
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
        #expect(line.notes == ["note: curl -J names the file from the response's Content-Disposition; here it is named from the URL"])
        // Without a file written, -J and -i change nothing, and nothing is said.
        #expect(try CurlLine.parse(ShellWords.split("-iJ https://x/a")).notes.isEmpty)
        #expect(try CurlLine.parse(ShellWords.split("-i -o h.txt https://x/a")).notes
                == ["note: curl -i and -I write the response's headers into the file too; here it holds the body alone"])
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

    /// How curl writes, taken from the real curl run the same way: `-f` writes nothing for an HTTP
    /// error, `--no-clobber` writes beside a file already there, `--create-dirs` makes the folders.
    @Test func failNoClobberAndCreateDirsWriteAsCurlDoes() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let console = Console(capturingWithColors: false)
        let runs = [
            "-s -f -o {dir}/missing.json {root}/httpbin/status/404",
            "-s --no-clobber -o {dir}/kept.json {root}/httpbin/json",
            "-s --no-clobber -o {dir}/kept.json {root}/httpbin/json",
            "-s --create-dirs -o {dir}/deep/er/made.json {root}/httpbin/json",
        ]
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            for (side, dir) in [("theirs", folder.url.appendingPathComponent("theirs")), ("ours", folder.url.appendingPathComponent("ours"))] {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                for run in runs {
                    let command = run.replacingOccurrences(of: "{dir}", with: dir.path).replacingOccurrences(of: "{root}", with: root.absoluteString)
                    if side == "theirs" {
                        try CurlFidelityTests.runCurl(command)
                    } else {
                        _ = await session.evaluate("curl " + command)
                    }
                }
            }
        }
        let files = { (side: String) in
            FileManager.default.enumerator(atPath: folder.url.appendingPathComponent(side).path)?.compactMap { $0 as? String }.sorted() ?? []
        }
        #expect(files("theirs") == ["deep", "deep/er", "deep/er/made.json", "kept.json", "kept.json.1"])
        #expect(files("ours") == files("theirs"))
        #expect(console.capturedText.contains("error: curl -f: the server answered 404, so \(folder.url.path)/ours/missing.json is not written, as curl leaves it\n"))
    }
}
