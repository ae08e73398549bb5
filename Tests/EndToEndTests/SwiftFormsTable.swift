import Foundation
import Testing

/// One case of the Swift forms table: a session's inputs, some checked (Tests/EndToEndTests/SwiftForms/README.md).
struct SwiftFormCase: Sendable, CustomTestStringConvertible {
    struct Input: Sendable {
        let text: String
        /// Whether its output is compared; an unchecked input only sets up state.
        let checked: Bool
    }

    let group: String
    let name: String
    /// Whether the prompt's fast path is meant to run it (the fast-vs-compiled test runs these).
    let fast: Bool
    var inputs: [Input] = []

    var testDescription: String { "\(group)/\(name)" }
}

/// The `.forms` files beside this file, read as generate.py reads them, and their expected outputs.
enum SwiftFormsTable {
    static func directory() throws -> URL {
        try SnippetPaths.packageRoot().appendingPathComponent("Tests/EndToEndTests/SwiftForms")
    }

    static func cases() throws -> [SwiftFormCase] {
        let directory = try directory()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".forms") }.sorted()
        return try files.flatMap { try read(directory.appendingPathComponent($0)) }
    }

    static func expected(for form: SwiftFormCase) throws -> String {
        let file = try directory().appendingPathComponent("Expected/\(form.group)/\(form.name).out")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { throw MissingExpectedOutput(file: file.path) }
        return text
    }

    /// The cases whose output in Swift 6 mode differs from Swift 5's, with Swift 6's
    /// (Expected/swift6/, written by `generate.py --swift-version 6`).
    static func swift6Cases() throws -> [(form: SwiftFormCase, expected: String)] {
        let folder = try directory().appendingPathComponent("Expected/swift6")
        return try cases().compactMap { form in
            let file = folder.appendingPathComponent("\(form.group)/\(form.name).out")
            return (try? String(contentsOf: file, encoding: .utf8)).map { (form, $0) }
        }
    }

    /// The cases generate_replay.py replays, with what their saved snippet prints compiled.
    static func replayedCases() throws -> [(form: SwiftFormCase, expected: String)] {
        let replayed = try directory().appendingPathComponent("Expected/replay")
        return try cases().compactMap { form in
            let file = replayed.appendingPathComponent("\(form.group)/\(form.name).out")
            return (try? String(contentsOf: file, encoding: .utf8)).map { (form, $0) }
        }
    }

    static func read(_ file: URL) throws -> [SwiftFormCase] {
        let group = file.deletingPathExtension().lastPathComponent
        var cases: [SwiftFormCase] = []
        let text = try String(contentsOf: file, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("== ") {
                let words = line.dropFirst(3).split(separator: " ")
                cases.append(SwiftFormCase(group: group, name: String(words.first ?? ""), fast: words.dropFirst().contains("fast")))
            } else if line.hasPrefix("> ") || line.hasPrefix("- ") {
                guard !cases.isEmpty else { throw MalformedTable(file: file.lastPathComponent, line: number + 1) }
                cases[cases.count - 1].inputs.append(.init(text: String(line.dropFirst(2)), checked: line.hasPrefix(">")))
            } else if line.hasPrefix(". ") || line == "." {
                guard let last = cases.last?.inputs.last else { throw MalformedTable(file: file.lastPathComponent, line: number + 1) }
                let continued = last.text + "\n" + line.dropFirst(2)
                cases[cases.count - 1].inputs[cases[cases.count - 1].inputs.count - 1] = .init(text: continued, checked: last.checked)
            }
        }
        return cases
    }

    struct MissingExpectedOutput: Error, CustomStringConvertible {
        let file: String
        var description: String { "\(file) is missing: run `make forms-expected` (Tests/EndToEndTests/SwiftForms/generate.py)" }
    }

    struct MalformedTable: Error, CustomStringConvertible {
        let file: String
        let line: Int
        var description: String { "\(file):\(line): an input outside a case (generate.py says more)" }
    }
}
