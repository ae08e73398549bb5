import Foundation
import TestSupport
import Testing

/// History at a terminal: Swift is recalled exactly as typed, and only request commands' secrets
/// are masked, in memory and in the file.
@Suite(.serialized) struct HistoryTerminalTests {
    static let swiftInputs = [
        "struct Creds: Codable { let token: String; let apiKey: String }",
        "let tup = (monkey: 1, b: 2)",
        "struct MetObject: Codable {\n  let objectID: Int\n  let title: String\n  enum CodingKeys: String, CodingKey {\n    case objectID, title\n  }\n}",
    ]

    @Test func theHistoryFileHoldsSwiftAsTypedAndRequestSecretsMasked() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try await PseudoTerminal.workbench(home: home.url)
        for (input, shown) in zip(Self.swiftInputs, ["defined Creds", "tup: (monkey: Int, b: Int)", "defined MetObject"]) {
            let mark = terminal.mark
            terminal.type(input.replacingOccurrences(of: "\n", with: "\r") + "\r")
            try await terminal.waitFor(shown, after: mark)
            try await terminal.waitForRawMode()
        }
        var mark = terminal.mark
        terminal.type("header Authorization: Bearer abc.def\r")
        try await terminal.waitFor("Authorization", after: mark)
        try await terminal.waitForRawMode()
        terminal.type("\u{4}")
        #expect(try await terminal.waitForExit() == 0)

        let file = home.url.appendingPathComponent("state/workbench/history")
        let entries = try Self.entries(ofHistoryFile: file)
        #expect(entries == Self.swiftInputs + ["header Authorization: ***"])

        // Recalled and run again: the tuple's labels are still there.
        let second = try await PseudoTerminal.workbench(home: home.url)
        mark = second.mark
        second.type("\u{1B}[A\u{1B}[A\u{1B}[A\r")
        try await second.waitFor("tup: (monkey: Int, b: Int)", after: mark)
        try await second.waitForRawMode()
        second.type("\u{4}")
        #expect(try await second.waitForExit() == 0)
    }

    /// libedit's file: a cookie line, then one line per entry with white space and backslashes
    /// escaped as `\NNN` (octal) and `\\`.
    static func entries(ofHistoryFile file: URL) throws -> [String] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst()
        return lines.map { line in
            var bytes: [UInt8] = []
            var rest = Substring(line).utf8[...]
            while let byte = rest.first {
                rest = rest.dropFirst()
                guard byte == UInt8(ascii: "\\"), let next = rest.first else { bytes.append(byte); continue }
                if next == UInt8(ascii: "\\") {
                    bytes.append(next)
                    rest = rest.dropFirst()
                } else if let octal = UInt8(String(decoding: rest.prefix(3), as: UTF8.self), radix: 8) {
                    bytes.append(octal)
                    rest = rest.dropFirst(3)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
