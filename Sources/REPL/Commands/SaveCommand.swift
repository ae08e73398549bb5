import Foundation
import LineEditor
import WorkbenchKit
import WorkbenchScript

/// `save NAME ["description"] [--steps LIST | --from N] [--dir DIR] [--force]`: the session's
/// successful steps as a Swift snippet, checked by replaying it before it is written.
struct SaveCommand: Command {
    let name = "save"
    let operands = "NAME [\"description\"]"
    static let steps = CommandOption("--steps", value: "LIST", example: "borders --steps 3-7,9",
                                     help: "only these steps (numbered by `steps`) and the declarations they need")
    static let from = CommandOption("--from", value: "N", example: "borders --from 4", excludes: steps.name, help: "only the steps from N on")
    static let dir = CommandOption("--dir", value: "DIR", example: "borders --dir ~/talks", help: "write DIR/NAME.swift instead of Snippets/NAME.swift")
    static let force = CommandOption("--force", help: "replace an existing snippet, and save even when a statement fails on replay")
    let options = [Self.steps, Self.from, Self.dir, Self.force]
    let summary = "save this session's successful steps as Snippets/NAME.swift"
    let help = """
        Writes Snippets/NAME.swift (or DIR/NAME.swift): the description as its leading comment,
        `import WorkbenchKit`, your model declarations, then one Swift statement per step that
        succeeded, in order (`query userId=1` is `wb.query("userId", "1")`). Failed steps are
        left out; types from `infer` or `load` are written as declarations. `--steps 3-7,9` or
        `--from N` keeps only those steps (numbered by `steps`) and the declarations they need.
        Before writing, the snippet replays in a scratch session, each statement's requests
        answered with the responses its step received: a statement that would fail is named
        with its reason and nothing is written, unless you add --force. Values of secret-like
        names (Authorization, Cookie, or containing session, token, key, secret, auth,
        password) are not written: the snippet reads them from environment variables, and
        `save` tells you which to set. An existing snippet is kept unless you add --force.
        Replay it with `replay NAME`, or compile it with `swift run NAME` in a package whose Snippets/
        folder holds it and that depends on WorkbenchKit (outside a package, the snippet's
        header and `save` say so).
        Swift: none (it writes the Swift: one statement per step)

        Examples:
          wb> save first-posts
          wb> save borders "Germany's neighbours"
          wb> save borders --from 4 --force
        """
    let group = CommandGroup.snippets

    func run(_ arguments: String, session: Session) async throws {
        let words = try optionWords(arguments)
        let positional = words.operands
        let directory = words.value(Self.dir)
        let force = words.has(Self.force)
        let selection = try words.value(Self.steps).map { try StepSelection(list: $0) } ?? words.value(Self.from).map { try StepSelection(from: $0) }
        guard let name = positional.first else { throw UsageError("a snippet needs a name, as in `save first-posts`") }
        guard positional.count <= 2 else { throw UsageError("too many words after `save \(name)`: quote the description") }
        if let problem = SnippetsFolder.problem(with: name) { throw UsageError(problem) }
        let steps = session.transcript.steps
        guard !steps.isEmpty else {
            throw UsageError("nothing to save yet: no step of this session has succeeded")
        }
        let selected = try selection?.numbers(count: steps.count)
        let folder = SnippetsFolder.directory(directory)
        let file = folder.appendingPathComponent(name + ".swift")
        if FileManager.default.fileExists(atPath: file.path) && !force {
            throw UsageError("\(SnippetsFolder.display(file)) already exists; add --force to replace it")
        }
        var snippet = TranscriptSnippet(name: name, description: positional.dropFirst().first,
                                        steps: steps, sandboxURL: session.sandboxURL, selected: selected)
        snippet.languageMode = session.languageMode
        snippet.isInPackage = SnippetsFolder.isInPackage(folder)
        snippet.packages = session.packageLibrary?.packages.map(\.requirement) ?? []
        try await check(snippet, name: name, steps: steps, selected: selected, force: force, session: session)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Whole old or whole new, even if the process dies mid-write (DurableFile).
            try DurableFile.write(Data(snippet.source.utf8), to: file)
        } catch {
            throw UsageError("cannot write \(SnippetsFolder.display(file)): \((error as NSError).localizedDescription)")
        }
        let count = snippet.stepCount
        session.console.line("saved \(SnippetsFolder.display(file)) (\(count) \(count == 1 ? "step" : "steps"))")
        if !snippet.isInPackage {
            // `replay NAME` looks in ./Snippets; a file saved elsewhere is replayed by its path.
            let inDefault = folder.standardizedFileURL.path == SnippetsFolder.directory(nil).standardizedFileURL.path
            let target = inDefault ? name : SnippetsFolder.display(file)
            session.console.line(session.console.styled("no Package.swift beside \(SnippetsFolder.display(folder)): `workbench replay \(target)` runs it; "
                + SnippetsFolder.outsidePackage(name), .dim))
        }
        let secrets = snippet.secretVariables
        if !secrets.isEmpty {
            session.console.line(session.console.styled("secrets were not saved: set \(secrets.joined(separator: ", ")) in the environment to replay or run it", .yellow))
        }
    }

    /// Replays the snippet in a scratch session; a failing statement is named, one line each, and
    /// stops the save unless `force`.
    @MainActor private func check(_ snippet: TranscriptSnippet, name: String, steps: [SessionStep], selected: Set<Int>?,
                       force: Bool, session: Session) async throws {
        var exchanges: [Int: [Exchange]] = [:]
        var documents: [Int: [DocumentRead]] = [:]
        for (offset, step) in steps.enumerated() where selected?.contains(offset + 1) ?? true {
            exchanges[offset + 1] = step.exchanges
            documents[offset + 1] = step.documents
        }
        let answers = StepAnswers(exchanges: exchanges, documents: documents, stepOfLine: snippet.stepOfLine)
        guard let failures = await SnippetCheck.failures(of: snippet.source, name: name, answers: answers, session: session) else {
            throw UsageError("save stopped (Ctrl-C): nothing was written")
        }
        guard !failures.isEmpty else { return }
        let console = session.console
        for failure in failures {
            let firstLine = failure.source.split(separator: "\n").first.map(String.init) ?? failure.source
            console.line(console.styled("line \(failure.line): ", .yellow) + firstLine + console.styled(" — fails on replay: ", .yellow) + failure.message)
        }
        let count = failures.count == 1 ? "a statement fails" : "\(failures.count) statements fail"
        if let open = session.openPlayground, open.bundle.sources != nil || !open.pageModules.isEmpty {
            // A snippet is a SwiftPM target of its own: it cannot import a playground's Sources/.
            console.line(console.styled("(a snippet cannot import \(open.bundle.url.lastPathComponent)'s Sources/; `export playground NAME` hands the session back as a playground)", .dim))
        }
        guard force else {
            throw UsageError("not saved: \(count) when the snippet replays — leave the steps out (`steps`, then `--steps` or `--from`), or add --force to save it anyway")
        }
        console.line(console.styled("saved anyway (--force): \(count) when the snippet replays", .yellow))
    }
}

/// `--steps 3-7,9` or `--from N`: the session's steps to write, numbered from 1 as `steps` lists them.
struct StepSelection {
    private let ranges: [ClosedRange<Int>]
    private let from: Int?

    init(list: String) throws {
        ranges = try list.split(separator: ",").map { part in
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1: if let only = bounds[0], only > 0 { return only...only }
            case 2: if let low = bounds[0], let high = bounds[1], low > 0, low <= high { return low...high }
            default: break
            }
            throw UsageError("'\(part)' is not a step or a range of steps: write them as in `--steps 3-7,9`")
        }
        from = nil
        guard !ranges.isEmpty else { throw UsageError("--steps needs steps, as in `--steps 3-7,9`") }
    }

    init(from text: String) throws {
        guard let first = Int(text), first > 0 else { throw UsageError("--from needs a step number, as in `--from 4`") }
        ranges = []
        from = first
    }

    /// The step numbers chosen, checked against the `count` steps the session has.
    func numbers(count: Int) throws -> Set<Int> {
        if let from {
            guard from <= count else { throw UsageError("--from \(from): the session has \(count) steps (`steps` lists them)") }
            return Set(from...count)
        }
        if let beyond = ranges.first(where: { $0.upperBound > count }) {
            throw UsageError("step \(beyond.upperBound) does not exist: the session has \(count) steps (`steps` lists them)")
        }
        return Set(ranges.flatMap { $0 })
    }
}
