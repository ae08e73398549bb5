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

    /// A photo-like array of at least `bytes` bytes (albums of 50), as figure 6 decodes (Benchmarks/README.md).
    static func photos(bytes: Int) -> (text: String, last: String) {
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
        return ("[" + parts.joined(separator: ",\n ") + "]\n", "photo \(id) \"quoted\", [bracketed] {braced} café")
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
        let (text, last) = Self.photos(bytes: 2 << 20)
        let file = home.url.appendingPathComponent("photos.json")
        try Data(text.utf8).write(to: file)
        let run = try await PeakMemoryRun.start(try Binaries.workbench, ["--no-sandbox"], environment: isolatedEnvironment(home: home.url))
        let lastTitle = "photos.filter { $0.id > 0 }.last!.title"
        let output = try await run.send("""
            json @\(file.path)
            \(Self.photoStruct)
            let photos = decode [Photo]
            \(Self.count)
            \(lastTitle)
            help quit

            """, until: "wb> quit")
        let host = try Self.host(of: run.processIdentifier)
        let replCopies = try Self.mappedFiles(of: run.processIdentifier, containing: "/document-")
        let hostCopies = try Self.mappedFiles(of: host, containing: "/document-")
        _ = try await run.finish("quit\n")

        #expect(!output.contains("error:"), "\(output.suffix(2000))")
        #expect(output.contains("\(Self.count): Int\n50\n"))
        #expect(output.contains("\(lastTitle): String\n\(last)\n"))
        // One copy, in the host's session directory, mapped by both: the same file (device and inode).
        #expect(replCopies.count == 1 && replCopies.first?.path.contains("/prompt-") == true, "\(replCopies)")
        #expect(!hostCopies.isEmpty && hostCopies.allSatisfy { $0.file == replCopies.first?.file }, "\(hostCopies) \(replCopies)")
        #expect(hostCopies.first.map { $0.bytes >= text.utf8.count } == true)
    }

    @Test func aResponseBodyReachesTheHostAsAFileItMaps() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (text, last) = Self.photos(bytes: 1 << 20)
        let body = Array(text.utf8)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let server = try ScriptedServer(.bytes(Array(head.utf8) + body))
        let run = try await PeakMemoryRun.start(try Binaries.workbench, ["--no-sandbox"], environment: isolatedEnvironment(home: home.url))
        let lastTitle = "photos.filter { $0.id > 0 }.last!.title"
        let output = try await run.send("""
            get \(server.url)
            \(Self.photoStruct)
            let photos = decode [Photo]
            \(Self.count)
            \(lastTitle)
            help quit

            """, until: "wb> quit")
        let host = try Self.host(of: run.processIdentifier)
        // The file the REPL wrote the body to for the catch-up, removed since (the mapping stays).
        let bodies = try Self.mappedFiles(of: host, containing: "/bytes-")
        _ = try await run.finish("quit\n")

        #expect(!output.contains("error:"), "\(output.suffix(2000))")
        #expect(output.contains("\(Self.count): Int\n50\n"))
        #expect(output.contains("\(lastTitle): String\n\(last)\n"))
        #expect(bodies.contains { $0.path.contains("/prompt-") && $0.path.hasSuffix("(deleted)") && $0.bytes >= body.count },
                "\(bodies)")
    }
}
