import Foundation
import LineEditor
import Sandbox
import Playgrounds
import WorkbenchKit
import WorkbenchScript

/// `export playground NAME`: the session handed back as a playground a Mac opens (docs/playgrounds.md).
@MainActor
enum SessionExport {
    /// The page: the session's description as markup, then what `export swift` writes, its
    /// declarations at the top level and its statements in a `Task` the page waits for (a
    /// playground page keeps running until `finishExecution()`).
    static func playgroundPage(name: String, description: String?, program: String) -> String {
        let file = SwiftFile(parsing: program)
        var imports: [String] = []
        var declarations: [String] = []
        var statements: [String] = []
        for item in file.items {
            let text = item.source.trimmingCharacters(in: .newlines)
            switch item.kind {
            case .import, .conditionalCompilation: imports.append(text)
            case .declaration, .operatorDeclaration: declarations.append(text)
            case .variable, .statement: statements.append(text)
            }
        }
        var markup = "# \(name)\n"
        if let description, !description.isEmpty { markup += "\n\(description)\n" }
        // The Foundation types the program uses, as it uses them (a request that is not decoded has no JSONDecoder).
        let used = ["URLComponents", "URLRequest", "URLSession", "JSONDecoder"].filter { program.contains($0) }.map { "`\($0)`" }
        let named = used.count > 1 ? used.dropLast().joined(separator: ", ") + " and " + used[used.count - 1] : used.first
        markup += "\nA request explored in Workbench, as Foundation-only code" + (named.map { ": \($0)." } ?? ".")
        var page = PlaygroundWriter.markup(markup) + "\n"
        page += (imports + ["import PlaygroundSupport"]).joined(separator: "\n") + "\n\n"
        page += "PlaygroundPage.current.needsIndefiniteExecution = true\n\n"
        if !declarations.isEmpty {
            page += PlaygroundWriter.markup("The models the response decodes into.") + "\n"
            page += declarations.joined(separator: "\n\n") + "\n\n"
        }
        page += PlaygroundWriter.markup("The request, sent when the page runs; the page ends once the answer is printed.") + "\n"
        let body = statements.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        page += "Task {\n    do {\n\(body)\n    } catch {\n        print(error)\n    }\n    PlaygroundPage.current.finishExecution()\n}\n"
        return page
    }

    /// `export playground NAME --blocks`: the session as a Swift file of Xcode's Playgrounds macro,
    /// `import Playgrounds`, its declarations at file scope and its statements, as `save` writes
    /// them, in one `#Playground("NAME")` block, whose body is a scope of its own. The block uses
    /// the `wb` every input here has (replay, `page`, `play`), so it declares none.
    static func playgroundBlocksFile(_ snippet: TranscriptSnippet) -> String {
        var lines: [String] = []
        let given = snippet.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        for line in (given.isEmpty ? "A Workbench session exported as \(snippet.name)." : given).split(separator: "\n") {
            lines.append("// " + line)
        }
        lines.append("//")
        lines.append("// `workbench replay \(Arguments.quoted(snippet.name + ".swift"))` runs its #Playground block, with the session's `wb`.")
        if snippet.languageMode != .swift5 {
            lines.append("// \(SnippetScript.languageModeMarker) \(snippet.languageMode.version)")
        }
        lines += snippet.packages.map { "// \(SnippetScript.packageMarker) \($0.commandLine)" }
        if !snippet.secretVariables.isEmpty {
            lines.append("// Secrets are not saved: set \(snippet.secretVariables.joined(separator: ", ")) in the environment before running it.")
        }
        var imports = ["import Foundation", "import Playgrounds", "import WorkbenchKit"]
        if snippet.usesSpec { imports.append("import WorkbenchSpec") }
        var fileScope = snippet.declarations
        var body: [String] = []
        for statement in snippet.statements {
            // What a closure cannot hold (`import`, an operator typed at the prompt) stays at file scope.
            let items = SwiftFile(parsing: statement).items
            if !items.isEmpty, items.allSatisfy({ $0.kind == .import }) {
                imports += [statement].filter { !imports.contains($0) }
            } else if !items.isEmpty, items.allSatisfy({ $0.kind == .operatorDeclaration }) {
                fileScope.append(statement)
            } else {
                body.append(statement)
            }
        }
        lines.append("")
        lines += imports
        lines.append("")
        for declaration in fileScope {
            lines.append(declaration)
            lines.append("")
        }
        lines.append("#Playground(\(SwiftLiteral.quoted(snippet.name))) {")
        // Every line indented, a multi-line string's closing quotes too, so its text is unchanged.
        for line in body.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(line.isEmpty ? "" : "    " + line)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
