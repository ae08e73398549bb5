import Foundation
import WorkbenchScript

/// `snippets [--dir DIR]`: the snippets in the folder, with their descriptions.
struct SnippetsCommand: Command {
    let name = "snippets"
    static let dir = CommandOption("--dir", value: "DIR", example: "--dir ~/talks", help: "list DIR instead of Snippets/")
    let options = [Self.dir]
    let summary = "list the snippets in Snippets/ with their descriptions"
    let help = """
        Lists the .swift files in Snippets/ (or DIR), each with the first paragraph of its
        leading comment. Replay one with `replay NAME`.
        Swift: none (it lists the Snippets folder)

        Example:
          wb> snippets
        """
    let group = CommandGroup.snippets

    func run(_ arguments: String, session: Session) async throws {
        let words = try optionWords(arguments)
        if let word = words.operands.first { throw UsageError("unexpected '\(word)' (snippets takes \(options.listed))") }
        let directory = words.value(Self.dir)
        let folder = SnippetsFolder.directory(directory)
        let files = SnippetsFolder.snippets(in: folder)
        let console = session.console
        guard !files.isEmpty else {
            return console.line(console.styled("no snippets in \(SnippetsFolder.display(folder)) yet — `save NAME` writes one", .dim))
        }
        let width = files.map { $0.deletingPathExtension().lastPathComponent.count }.max() ?? 0
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let summary = SnippetScript.summary(of: source)
            console.line(console.styled(name.padding(toLength: width, withPad: " ", startingAt: 0), .bold) + "  " + summary)
        }
    }
}
