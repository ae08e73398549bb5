import Foundation

/// The inputs of this session that succeeded, in order: what `save` turns into a snippet.
public struct Transcript: Sendable {
    public private(set) var inputs: [String] = []

    public init() {}

    /// Records a successful input; the snippet commands themselves and REPL-only views are not steps.
    public mutating func record(_ input: String) {
        let name = String(input.prefix { !$0.isWhitespace })
        guard !Self.notSteps.contains(name) else { return }
        inputs.append(input)
    }

    public mutating func clear() {
        inputs.removeAll()
    }

    /// Commands that change nothing a snippet could repeat.
    static let notSteps: Set<String> = [
        "save", "replay", "snippets", "help", "quit", "exit", "sandbox", "models", "model",
    ]
}

extension Session {
    /// Called by the loop after an input succeeded.
    func recordStep(_ input: String) {
        transcript.record(input)
    }
}
