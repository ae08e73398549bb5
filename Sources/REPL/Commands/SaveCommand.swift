import Foundation
import LineEditor
import WorkbenchScript

/// `save NAME ["description"] [--dir DIR] [--force]`: the session's successful steps as a Swift snippet.
struct SaveCommand: Command {
    let name = "save"
    let synopsis = "save NAME [\"description\"] [--dir DIR] [--force]"
    let summary = "save this session's successful steps as Snippets/NAME.swift"
    let help = """
        Writes Snippets/NAME.swift (or DIR/NAME.swift): the description as its leading comment,
        `import WorkbenchKit`, your model declarations, then one Swift statement per step that
        succeeded, in order (`query userId=1` is `wb.query("userId", "1")`). Failed steps are
        left out; types from `infer` or `load` are written as declarations. Authorization, Cookie and token-like values are not written: the snippet reads
        them from environment variables, and `save` tells you which to set. An existing snippet
        is kept unless you add --force. Replay it with `replay NAME`, or compile it with
        `swift run NAME` in a package whose Snippets/ folder holds it.
        Swift: none (it writes the Swift: one statement per step)

        Examples:
          wb> save first-posts
          wb> save borders "Germany's neighbours"
          wb> save borders --force
        """
    let group = CommandGroup.snippets

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        var positional: [String] = []
        var directory: String?
        var force = false
        var index = 0
        while index < words.count {
            switch words[index] {
            case "--force": force = true
            case "--dir":
                guard index + 1 < words.count else { throw UsageError("--dir needs a directory, as in `save borders --dir ~/talks`") }
                directory = words[index + 1]
                index += 1
            case let word where word.hasPrefix("--"): throw UsageError("unknown option '\(word)' (save takes --dir DIR and --force)")
            default: positional.append(words[index])
            }
            index += 1
        }
        guard let name = positional.first else { throw UsageError("a snippet needs a name, as in `save first-posts`") }
        guard positional.count <= 2 else { throw UsageError("too many words after `save \(name)`: quote the description") }
        if let problem = SnippetsFolder.problem(with: name) { throw UsageError(problem) }
        guard !session.transcript.steps.isEmpty else {
            throw UsageError("nothing to save yet: no step of this session has succeeded")
        }
        let folder = SnippetsFolder.directory(directory)
        let file = folder.appendingPathComponent(name + ".swift")
        if FileManager.default.fileExists(atPath: file.path) && !force {
            throw UsageError("\(SnippetsFolder.display(file)) already exists; add --force to replace it")
        }
        let snippet = TranscriptSnippet(name: name, description: positional.dropFirst().first,
                                        steps: session.transcript.steps, sandboxURL: session.sandboxURL)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Whole old or whole new, even if the process dies mid-write (DurableFile).
            try DurableFile.write(Data(snippet.source.utf8), to: file)
        } catch {
            throw UsageError("cannot write \(SnippetsFolder.display(file)): \((error as NSError).localizedDescription)")
        }
        let steps = snippet.stepCount
        session.console.line("saved \(SnippetsFolder.display(file)) (\(steps) \(steps == 1 ? "step" : "steps"))")
        let secrets = snippet.secretVariables
        if !secrets.isEmpty {
            session.console.line(session.console.styled("secrets were not saved: set \(secrets.joined(separator: ", ")) in the environment to replay or run it", .yellow))
        }
    }
}
