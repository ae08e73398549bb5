import Foundation
import TestSupport
import Testing

/// What the Swift host catches up on costs no copies: a document or a response body
/// the fast path read reaches the host as a file both processes map, not as bytes read again or
/// carried inside the recording (docs/ARCHITECTURE.md, "The Swift host"). Asserted on the real
/// host through /proc: which files each process maps.
@Suite(.serialized) struct CatchUpCopiesTests {
    static let photoStruct = "struct Photo: Codable { let albumId: Int; let id: Int; let title: String; let url: String; let thumbnailUrl: String }"
    static let count = "photos.filter { $0.albumId == 1 }.count"
    static let lastTitle = "photos.filter { $0.id > 0 }.last!.title"

    /// A photo-like array of at least `bytes` bytes (albums of 50), as figure 6 decodes (Benchmarks/README.md).
    static func photos(bytes: Int) -> (text: String, last: String, count: Int) {
        var parts: [String] = []
        var size = 2
        var id = 0
        var title = ""
        while size < bytes {
            id += 1
            title = #"photo \#(id) \"quoted\", [bracketed] {braced} caf\u00e9"#
            let part = #"{"albumId": \#((id - 1) / 50 + 1), "id": \#(id), "title": "\#(title)", "url": "https://example.com/600/\#(id)", "thumbnailUrl": "https://example.com/150/\#(id)"}"#
            parts.append(part)
            size += part.utf8.count + 2
        }
        return ("[" + parts.joined(separator: ",\n ") + "]\n", "photo \(id) \"quoted\", [bracketed] {braced} café", id)
    }

    /// What the session prints from `decode [Photo]` on (the read's own lines are each test's):
    /// the whole array as `print` describes it, the count, the last title, then `help quit`'s page.
    static func decodedAndAfter(count: Int, last: String) -> String {
        let described: [String] = (1...count).map { (id: Int) -> String in
            #"main.Photo(albumId: \#((id - 1) / 50 + 1), id: \#(id), title: "photo \#(id) \"quoted\", [bracketed] {braced} café", "#
                + #"url: "https://example.com/600/\#(id)", thumbnailUrl: "https://example.com/150/\#(id)")"#
        }
        let array: String = "[" + described.joined(separator: ", ") + "]\n"
        let values: String = "defined Photo (5 properties)\n[Photo] · \(count) values\n" + array
        return values + "\(Self.count): Int\n50\n\(Self.lastTitle): String\n\(last)\n" + PipedInputTests.helpQuit
    }

    /// The output up to the end of `help quit`'s page: what follows its last line depends on
    /// when the reading stopped.
    static func untilHelpQuit(_ output: String) -> String {
        guard let end = output.range(of: "wb> quit")?.upperBound else { return output }
        return String(output[..<end]) + "\n"
    }

    /// The output's lines cut to 200 characters (one of them holds the whole 2 MB array).
    static func shortened(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).map { $0.prefix(200) }.joined(separator: "\n")
    }

    /// The files `pid` maps whose path contains `marker`: their device and inode, their path, their size.
    static func mappedFiles(of pid: Int32, containing marker: String) throws -> [(file: String, path: String, bytes: Int)] {
        try ProcFile.text("/proc/\(pid)/maps").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].contains(marker) else { return nil }
            let range = fields[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            return ("\(fields[3]) \(fields[4])", fields[5].trimmingCharacters(in: .whitespaces), range.count == 2 ? range[1] - range[0] : 0)
        }
    }

    /// The Swift host: the child of `pid` (the REPL starts no other that lives on).
    static func host(of pid: Int32) throws -> Int32 {
        return try #require(ChildProcesses.of(pid).first { pid in
            ((try? ProcFile.text("/proc/\(pid)/cmdline")) ?? "").contains("workbench-host")
        })
    }

    @Test func theHostMapsTheCopyTheREPLReadAFileThrough() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (text, last, count) = Self.photos(bytes: 2 << 20)
        let file = home.url.appendingPathComponent("photos.json")
        try Data(text.utf8).write(to: file)
        let run = try await PeakMemoryRun.start(try Binaries.workbench, ["--no-sandbox"], environment: isolatedEnvironment(home: home.url))
        let output = try await run.send("""
            json @\(file.path)
            \(Self.photoStruct)
            let photos = decode [Photo]
            \(Self.count)
            \(Self.lastTitle)
            help quit

            """, until: "wb> quit")
        let host = try Self.host(of: run.processIdentifier)
        let replCopies = try Self.mappedFiles(of: run.processIdentifier, containing: "/document-")
        let hostCopies = try Self.mappedFiles(of: host, containing: "/document-")
        _ = try await run.finish("quit\n")

        #expect(!output.contains("error:"), "\(output.suffix(2000))")
        let expected: String = "current body: an array of \(count) elements (\(text.utf8.count) bytes)\n"
            + Self.decodedAndAfter(count: count, last: last)
        #expect(Self.untilHelpQuit(output) == expected, "\(Self.shortened(output))")
        // One copy, in the host's session directory, mapped by both: the same file (device and inode).
        #expect(replCopies.count == 1 && replCopies.first?.path.contains("/prompt-") == true, "\(replCopies)")
        #expect(!hostCopies.isEmpty && hostCopies.allSatisfy { $0.file == replCopies.first?.file }, "\(hostCopies) \(replCopies)")
        #expect(hostCopies.first.map { $0.bytes >= text.utf8.count } == true)
    }

    @Test func aResponseBodyReachesTheHostAsAFileItMaps() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (text, last, count) = Self.photos(bytes: 1 << 20)
        let body = Array(text.utf8)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let server = try ScriptedServer(.bytes(Array(head.utf8) + body))
        let run = try await PeakMemoryRun.start(try Binaries.workbench, ["--no-sandbox"], environment: isolatedEnvironment(home: home.url))
        let output = try await run.send("""
            get \(server.url)
            \(Self.photoStruct)
            let photos = decode [Photo]
            \(Self.count)
            \(Self.lastTitle)
            help quit

            """, until: "wb> quit")
        let host = try Self.host(of: run.processIdentifier)
        // The file the REPL wrote the body to for the catch-up, removed since (the mapping stays).
        let bodies = try Self.mappedFiles(of: host, containing: "/bytes-")
        _ = try await run.finish("quit\n")

        #expect(!output.contains("error:"), "\(output.suffix(2000))")
        // The body's first 40 lines as `get` shows them (the JSON's escapes kept), its time masked.
        let shown: [String] = (1...7).flatMap { (id: Int) -> [String] in [
            "  {", "    \"albumId\": 1,", "    \"id\": \(id),",
            #"    "title": "photo \#(id) \"quoted\", [bracketed] {braced} caf\u00e9","#,
            "    \"url\": \"https://example.com/600/\(id)\",", "    \"thumbnailUrl\": \"https://example.com/150/\(id)\"", "  },",
        ] }
        let preview: String = "[\n" + shown.prefix(39).joined(separator: "\n") + "\n… \(count * 7 + 2 - 40) more lines · `body --all` shows them\n"
        let expected: String = "HTTP 200 OK · application/json · 1.0 MB · TIME\n" + preview + Self.decodedAndAfter(count: count, last: last)
        let session = Self.untilHelpQuit(output)
        let lineEnd = try #require(session.firstIndex(of: "\n"), "\(Self.shortened(output))")
        let status = SnippetOutput.masked(String(session[..<lineEnd]), sizesAndClocks: false)
        #expect(status + String(session[lineEnd...]) == expected, "\(Self.shortened(output))")
        #expect(bodies.contains { $0.path.contains("/prompt-") && $0.path.hasSuffix("(deleted)") && $0.bytes >= body.count },
                "\(bodies)")
    }
}
