import Foundation
import Testing

/// Docs a reader finishes: README.md stays short, docs/ARCHITECTURE.md stays a map, and every relative
/// link in the Markdown (README.md, docs/, Benchmarks/README.md, Fuzzing/README.md) leads to a file or
/// folder that exists, and to a heading of it when it names one.
@Suite struct DocumentationLinksTests {
    /// The repository: this file is Tests/REPLTests/DocumentationLinksTests.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func readmeIsAtMost400Lines() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        #expect(lines <= 400, "README.md has \(lines) lines; move the rest into docs/")
    }

    @Test func architectureIsAtMost25KB() throws {
        let bytes = try Data(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md")).count
        #expect(bytes <= 25_600, "docs/ARCHITECTURE.md is \(bytes) bytes; move history and measurements to docs/decisions/")
    }

    @Test func everyRelativeLinkResolves() throws {
        var broken: [String] = []
        for file in Self.markdownFiles() {
            for (line, target) in try Self.links(in: file) {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let destination = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path)
                let place = "\(file.path.dropFirst(Self.root.path.count + 1)):\(line): (\(target))"
                if !FileManager.default.fileExists(atPath: destination.path) {
                    broken.append("\(place) no such file or folder")
                } else if parts.count == 2, destination.pathExtension == "md",
                          try !Self.anchors(in: destination).contains(String(parts[1])) {
                    broken.append("\(place) no such heading in \(destination.lastPathComponent)")
                }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    /// README.md, Benchmarks/README.md, Fuzzing/README.md and every Markdown file under docs/.
    static func markdownFiles() -> [URL] {
        let inDocs = (FileManager.default.subpaths(atPath: root.appendingPathComponent("docs").path) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return (["README.md", "Benchmarks/README.md", "Fuzzing/README.md"] + inDocs).map { root.appendingPathComponent($0) }
    }

    /// The file's lines outside fenced code blocks, numbered from 1.
    static func proseLines(of file: URL) throws -> [(number: Int, text: Substring)] {
        var inFence = false
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().compactMap { index, line in
                if line.drop(while: { $0 == " " }).hasPrefix("```") { inFence.toggle(); return nil }
                return inFence ? nil : (number: index + 1, text: line)
            }
    }

    /// Each `[text](target)` outside code, but for http(s): and mailto: targets.
    static func links(in file: URL) throws -> [(line: Int, target: String)] {
        try proseLines(of: file).flatMap { number, line in
            var found: [(line: Int, target: String)] = []
            var rest = Substring(withoutCodeSpans(line))
            while let start = rest.range(of: "](") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<end])
                if !target.contains("://"), !target.hasPrefix("mailto:") { found.append((number, target)) }
                rest = rest[end...]
            }
            return found
        }
    }

    /// The line with each code span (a run of backticks up to the next run as long) left out.
    static func withoutCodeSpans(_ line: Substring) -> String {
        var kept = "", rest = line
        while let open = rest.firstIndex(of: "`") {
            kept += rest[..<open]
            let fence = String(rest[open...].prefix { $0 == "`" })
            let after = rest[open...].dropFirst(fence.count)
            guard let close = after.range(of: fence) else { return kept + rest[open...] }
            rest = after[close.upperBound...]
        }
        return kept + rest
    }

    /// GitHub's anchors for the file's headings: lowercased, spaces made `-`, other punctuation dropped.
    static func anchors(in file: URL) throws -> Set<String> {
        let headings = try proseLines(of: file).map(\.text).filter { $0.hasPrefix("#") }
        return Set(headings.map { heading in
            let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            return String(title.compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        })
    }
}
