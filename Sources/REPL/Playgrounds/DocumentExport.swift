import Foundation
import LineEditor
import Playgrounds
import WorkbenchKit
import WorkbenchScript

/// `export playground|markdown|notebook NAME ["description"] [--dir DIR] [--force]` (and `export playground
/// NAME --blocks`), read and carried out.
struct DocumentExport {
    let kind: String
    let name: String
    let description: String?
    let directory: String?
    let force: Bool
    /// `--blocks`: NAME.swift, a file of one `#Playground` block, rather than NAME.playground.
    let blocks: Bool
    /// `export notebook PATH.playground`: the bundle whose pages become notebooks.
    private(set) var playground: String?

    /// `words` read against export's options (`ExportCommand.options`, `--blocks` for a playground only).
    init(_ words: OptionWords, kind: String) throws {
        self.kind = kind
        let positional = words.operands
        let directory = words.value(ExportCommand.dir)
        let force = words.has(ExportCommand.force)
        let blocks = words.has(ExportCommand.blocks)
        guard let name = positional.first else { throw UsageError("export \(kind) needs a name: `export \(kind) NAME [\"description\"]`") }
        if kind == "notebook", name.hasSuffix(".playground") {
            guard positional.count == 1 else { throw UsageError("export notebook PATH.playground takes no description: each page's prose is its own") }
            playground = name
        }
        guard positional.count <= 2 else { throw UsageError("too many words after `export \(kind) \(name)`: quote the description") }
        guard playground != nil || (!name.contains("/") && !name.hasPrefix(".") && !name.isEmpty) else { throw UsageError("'\(name)' cannot be a file name here (no '/', not starting with '.')") }
        self.name = name
        self.description = positional.dropFirst().first
        self.directory = directory
        self.force = force
        self.blocks = blocks
    }

    @MainActor
    func write(session: Session) async throws {
        let folder = URL(fileURLWithPath: NSString(string: directory ?? ".").expandingTildeInPath)
        if let playground {
            let bundle = try PlaygroundBundle.open(URL(fileURLWithPath: NSString(string: playground).expandingTildeInPath))
            return try await PlaygroundNotebooks(bundle: bundle, into: folder).write(session: session, force: force)
        }
        let steps = session.transcript.steps
        guard !steps.isEmpty else { throw UsageError("nothing to export yet: no step of this session has succeeded") }
        switch kind {
        case "http":
            let url = folder.appendingPathComponent(name + ".http")
            if FileManager.default.fileExists(atPath: url.path) && !force {
                throw UsageError("\(display(url)) already exists; add --force to replace it")
            }
            let exchanges = session.workbench.exchanges
            guard !exchanges.isEmpty else { throw UsageError("nothing to export yet: no request has been sent") }
            let root = session.sandboxURL.map { $0.absoluteString.hasSuffix("/") ? String($0.absoluteString.dropLast()) : $0.absoluteString }
            do {
                try DurableFile.write(Data(HTTPFile.text(of: exchanges, sandboxRoot: root).utf8), to: url)
            } catch {
                throw UsageError("cannot write \(display(url)): \((error as NSError).localizedDescription)")
            }
            session.console.line("wrote \(display(url)) (\(exchanges.count) \(exchanges.count == 1 ? "request" : "requests"); `open \(display(url))` reads it back here)")
        case "playground" where blocks:
            let url = folder.appendingPathComponent(name + ".swift")
            if FileManager.default.fileExists(atPath: url.path) && !force {
                throw UsageError("\(display(url)) already exists; add --force to replace it")
            }
            var snippet = TranscriptSnippet(name: name, description: description, steps: steps, sandboxURL: session.sandboxURL)
            snippet.languageMode = session.languageMode
            snippet.packages = session.packageLibrary?.packages.map(\.requirement) ?? []
            do {
                try DurableFile.write(Data(SessionExport.playgroundBlocksFile(snippet).utf8), to: url)
            } catch {
                throw UsageError("cannot write \(display(url)): \((error as NSError).localizedDescription)")
            }
            session.console.line("wrote \(display(url)) (one #Playground block; `replay \(Arguments.quoted(display(url)))` runs it here)")
        case "playground":
            let url = folder.appendingPathComponent(name + ".playground")
            let page = SessionExport.playgroundPage(name: name, description: description, program: try SwiftExportCommand.program(of: session))
            do {
                try PlaygroundWriter.write([(name, page)], to: url, replacing: force)
            } catch {
                throw UsageError(error.description)
            }
            session.console.line("wrote \(display(url)) (one page; `open \(display(url))` reads it back here)")
        default:
            let notebook = kind == "notebook"
            let url = folder.appendingPathComponent(name + (notebook ? ".ipynb" : ".md"))
            if FileManager.default.fileExists(atPath: url.path) && !force {
                throw UsageError("\(display(url)) already exists; add --force to replace it")
            }
            let inputs = session.shownInputs.inputs
            guard !inputs.isEmpty else { throw UsageError("nothing to export yet: the steps of this session came from no input typed here") }
            let hidden = session.maskingSecrets(in: inputs)
            let data = notebook
                ? HandoutDocuments.notebook(name: name, description: description, inputs: hidden, offline: session.offline)
                : Data(HandoutDocuments.markdown(name: name, description: description, inputs: hidden, offline: session.offline).utf8)
            do {
                try DurableFile.write(data, to: url)
            } catch {
                throw UsageError("cannot write \(display(url)): \((error as NSError).localizedDescription)")
            }
            let code = inputs.filter { $0.prose == nil }.count
            let count = "\(code) \(code == 1 ? "input" : "inputs") with their output"
            session.console.line("wrote \(display(url)) (\(count)\(notebook ? "; Jupyter runs it with the Workbench kernel" : ""))")
            let covered = inputs.reduce(0) { $0 + $1.stepsAfter - $1.stepsBefore }
            if covered < steps.count {
                let missing = steps.count - covered
                session.console.line(session.console.styled("note: \(missing) of the session's \(steps.count) steps came from inputs that failed part-way, "
                                                            + "`play` or `edit`, and are not in it (`save` writes every step)", .dim))
            }
        }
    }

    private func display(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return url.standardizedFileURL.path.hasPrefix(current) ? String(url.standardizedFileURL.path.dropFirst(current.count)) : url.path
    }
}
