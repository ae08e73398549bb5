import Foundation
import Testing

/// No module reaches into another's state: a `static var` of one module (a folder of Sources/) is
/// never assigned in another module's sources. What a module needs from one it cannot import is
/// passed to it (as `WorkbenchEnvironment` gives WorkbenchKit the REPL's OpenAPI reader and lexer),
/// not installed in a global, where every instance of the process would share it.
@Suite struct NoGlobalsTests {
    /// The repository: this file is Tests/WorkbenchKitTests/NoGlobalsTests.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func noStaticVarIsAssignedFromAnotherModule() throws {
        let writes = try Self.foreignStaticWrites(in: Self.root.appendingPathComponent("Sources"))
        #expect(writes.isEmpty, "static vars assigned outside their module:\n\(writes.joined(separator: "\n"))")
    }

    /// The scan sees what it is meant to see, so that an empty answer above means something.
    @Test func theScanFindsAWriteAndNoComparison() throws {
        let sources = FileManager.default.temporaryDirectory.appendingPathComponent("no-globals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: sources) }
        let files = [
            "Kit/Box.swift": "public enum Box {\n    public static var size = 1\n    struct Inner {\n        static var depth = 0\n    }\n}\n",
            "App/Use.swift": "import Kit\nfunc f() {\n    Box.size = 2\n    if Box.size == 2 {}\n    // Box.size = 3\n    Box.Inner.depth += 1\n}\n",
            "Kit/Own.swift": "func g() { Box.size = 4 }\n",
        ]
        for (path, text) in files {
            let file = sources.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(try Self.foreignStaticWrites(in: sources) == [
            "App/Use.swift:3: Box.size (declared in Kit/Box.swift:2)",
            "App/Use.swift:6: Inner.depth (declared in Kit/Box.swift:4)",
        ])
    }

    /// A `static var`: the type it is declared in (the innermost one opened above it, by
    /// indentation), its name, and where.
    struct StaticVar {
        var type: String
        var name: String
        var place: String
        /// `Type.name`, looked for in every line before the exact pattern is.
        var written: String

        init(type: String, name: String, place: String) {
            (self.type, self.name, self.place, written) = (type, name, place, type + "." + name)
        }
    }

    /// `FILE:LINE: Type.name (declared in FILE:LINE)` for each assignment (`=`, `+=`, …, not `==`)
    /// to a `static var` of another module, FILE relative to `sources`, in file and line order.
    static func foreignStaticWrites(in sources: URL) throws -> [String] {
        let files = try swiftFiles(in: sources)
        var declared: [String: [StaticVar]] = [:]
        for (module, path, lines) in files {
            declared[module, default: []] += staticVars(in: lines, file: path)
        }
        var writes: [String] = []
        for (module, path, lines) in files {
            let foreign = declared.filter { $0.key != module }.values.flatMap { $0 }.sorted { $0.place < $1.place }
            for (index, line) in lines.enumerated() where line.contains("=") && !isComment(line) {
                for variable in foreign where line.contains(variable.written) {
                    let pattern = "(^|[^A-Za-z0-9_])" + variable.type + "\\." + variable.name + "\\s*([-+*/%&|^]|<<|>>)?=(?!=)"
                    if line.range(of: pattern, options: .regularExpression) != nil {
                        writes.append("\(path):\(index + 1): \(variable.type).\(variable.name) (declared in \(variable.place))")
                    }
                }
            }
        }
        return writes
    }

    /// Every Swift file under `sources`, with its module (the folder right under `sources`), its
    /// path relative to `sources`, and its lines; sorted by path.
    static func swiftFiles(in sources: URL) throws -> [(module: String, path: String, lines: [String])] {
        let base = sources.standardizedFileURL.path + "/"
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [(module: String, path: String, lines: [String])] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count))
            guard let module = path.split(separator: "/").first, path.contains("/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((String(module), path, text.components(separatedBy: "\n")))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The `static var`s declared in a file's lines, each with the type it belongs to.
    static func staticVars(in lines: [String], file: String) -> [StaticVar] {
        let typePattern = #"^\s*((@\w+(\([^)]*\))?|public|private|fileprivate|internal|package|open|final|indirect|nonisolated(\(unsafe\))?)\s+)*(class|struct|enum|extension|actor|protocol)\s+([A-Za-z_][A-Za-z0-9_.]*)"#
        var open: [(indent: Int, name: String)] = []
        var found: [StaticVar] = []
        for (index, line) in lines.enumerated() where !isComment(line) {
            let indent = line.prefix { $0 == " " }.count
            if let match = line.range(of: typePattern, options: .regularExpression) {
                let words = line[match].split(whereSeparator: { $0 == " " || $0 == "\t" })
                let name = words.last.map { String($0.split(separator: ".").last ?? $0) } ?? ""
                if !["var", "func", "let", "subscript", "init"].contains(name) {
                    open.removeAll { $0.indent >= indent }
                    open.append((indent, name))
                }
            }
            guard let match = line.range(of: #"\bstatic\s+var\s+[A-Za-z_][A-Za-z0-9_]*"#, options: .regularExpression) else { continue }
            open.removeAll { $0.indent >= indent }
            guard let owner = open.last, let name = line[match].split(separator: " ").last else { continue }
            found.append(StaticVar(type: owner.name, name: String(name), place: "\(file):\(index + 1)"))
        }
        return found
    }

    static func isComment(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*")
    }
}
