import Foundation
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// Runs a line that is not a command as Swift, through the session's Swift runner. Returns
    /// false when the line is not Swift at all, so the loop can say "unknown command".
    func evaluateSwift(_ source: String) async throws -> Bool {
        var text = source.trimmingCharacters(in: .whitespacesAndNewlines)
        // `posts --all` shows a long value uncut on a terminal.
        let showAll = text.hasSuffix(" --all")
        if showAll { text = String(text.dropLast(6)).trimmingCharacters(in: .whitespaces) }
        let file: SwiftFile
        do {
            // The reader parsed it to know it was whole: that tree, unless the text is not the one it read.
            if let read = swiftReader.file(of: text) { file = read } else { file = try SwiftFile(guarded: text) }
        } catch {
            guard Self.looksLikeSwift(text) else { return false }
            throw SwiftInputError(error.description)
        }
        if file.hasError {
            guard Self.looksLikeSwift(text) else { return false }
            throw SwiftInputError(file.firstError.map { "\($0.line):\($0.column): \($0.message)" } ?? "invalid Swift")
        }
        let items = file.items
        if items.count == 1, let name = items.first?.referencedName, !swift.isBound(name) {
            return false
        }
        workbench.cutsLongValues = !showAll
        defer { workbench.cutsLongValues = true }
        // A loop on one line gets the column as one of several lines does: the values its body
        // has are what the prompt's own summary line never shows.
        if resultsColumn, text.contains("\n") || file.holdsLoop, compiledPathAvailable {
            try await runWithResults(text)
        } else {
            try await runSwift(items)
        }
        return true
    }

    /// A line with a syntax error is reported as Swift when it reads as Swift (a keyword first, or
    /// Swift punctuation); otherwise it is a mistyped command.
    static func looksLikeSwift(_ text: String) -> Bool {
        let first = String(text.prefix { $0.isLetter || $0 == "_" })
        let keywords: Set = ["let", "var", "struct", "enum", "class", "func", "extension", "protocol", "if", "for",
                             "while", "switch", "guard", "do", "try", "import", "typealias", "repeat", "return", "print"]
        return keywords.contains(first) || text.contains(where: { "=({[\".".contains($0) })
    }
}

extension Session {
    static let compiledOnly = ProcessInfo.processInfo.environment["WORKBENCH_ENGINE"] == "compiled"
}

/// Swift the prompt cannot run, in one line.
struct SwiftInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
