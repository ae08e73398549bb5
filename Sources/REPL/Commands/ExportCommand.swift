import WorkbenchKit

/// `export swift` / `export curl`: the request (and the last decode) as code to take elsewhere.
/// The two are the commands `swift` and `curl`, whose names stay; `CommandTable.invocation(of:)`
/// dispatches `export NAME` to them, so each keeps its one meaning (and `export curl` is saved as
/// `curl` is). This type gives the pair a name and a help page (`help swift` is about Swift at
/// the prompt).
struct ExportCommand: Command {
    /// What `export` takes, and the command each one is.
    static let targets = ["swift", "curl"]
    /// What `export` writes itself: the session as a playground bundle or a Markdown handout.
    static let documents = ["playground", "markdown", "notebook", "http"]

    let name = "export"
    var synopsis: String {
        "export swift | curl | playground NAME [\(Self.blocks.spelled)] | markdown NAME | notebook NAME [\"description\"] | notebook PATH.playground | http NAME "
            + Self.documentOptions.synopsis
    }
    /// The documents' options (`DocumentExport`), and a playground's own.
    static let dir = CommandOption("--dir", value: "DIR", example: "lesson --dir ~/talks", help: "write the document into DIR")
    static let force = CommandOption("--force", help: "replace a document that is there")
    static let blocks = CommandOption("--blocks", help: "a playground as NAME.swift, a file of one #Playground block")
    static let documentOptions = [dir, force]
    let options = Self.documentOptions + [Self.blocks]

    /// The options of the document `kind` (`playground`, `notebook`, …).
    static func options(of kind: String) -> [CommandOption] { kind == "playground" ? documentOptions + [blocks] : documentOptions }

    func offeredOptions(before words: [String]) -> [CommandOption] {
        guard let kind = words.first, Self.documents.contains(kind) else { return [] }
        return Self.options(of: kind)
    }
    let summary = "the request as Swift app code or a curl command; the session as a playground, Markdown or a notebook"
    let group = CommandGroup.snippets
    var help: String {
        """
        export swift   a complete program for the request whose body the last decode read
                       (without a decode, the request being built): URLComponents with its
                       queryItems, a URLRequest with the method, headers (secrets read from the
                       environment, as `save` writes them) and body, URLSession.shared.data(for:),
                       the status check, then the models, a JSONDecoder with the last decode's
                       strategies and print of the value. It needs neither Workbench nor the REPL:
                       paste it into an app, or run it with `swift FILE.swift`, and it prints what
                       `decode` printed. A sandbox URL is written as the real service's it stands
                       in for (a note marks what only the sandbox serves). Also `swift`.
        export curl    the current request (after a send, the one just sent) as a curl command
                       line, shell-quoted for sh/bash/zsh. Also `curl`.
        export playground NAME ["description"]
                       writes NAME.playground, which Xcode opens: one page holding what
                       `export swift` writes, its declarations at the top and its request in
                       a Task the page waits for (needsIndefiniteExecution), the description
                       as //: markup. `open` and `replay` read it back here.
                       With --blocks, NAME.swift instead, a file of Xcode's Playgrounds
                       macro: import Playgrounds, the session's declarations at file scope
                       and its statements (as `save` writes them) in one indented
                       #Playground("NAME") { … } block, using the session's `wb`.
                       `replay NAME.swift` runs it, `open`/`page` and `play` too.
        export markdown NAME ["description"]
                       writes NAME.md, a handout GitHub renders: the description, then each
                       input of the session as you typed it (Swift in a swift block, a command
                       after `wb>`) with what the prompt showed below it; a body cut short is
                       cut with a note (no terminal hints), every secret the session sent is
                       written ***, and offline answers are named by their real host with one
                       note saying so.
        export notebook NAME ["description"]
                       writes NAME.ipynb (nbformat 4.5) for the Workbench kernel: the same
                       inputs as code cells, each with its output, after a Markdown cell of the
                       name and description; markup typed here (//: prose) is Markdown cells.
                       JupyterLab, VS Code and GitHub open it.
        export notebook PATH.playground
                       writes a notebook per page of an Xcode playground (one-page: NAME.ipynb;
                       with pages: the folder NAME, "01 PAGE.ipynb" and on): its prose as
                       Markdown cells, links between pages pointing at their notebooks, the code
                       between as code cells (hidden code folded), opening the bundle first when
                       it has Sources/ or Resources/. Each is run here once, as the kernel runs
                       it, so it holds its outputs; a page that needs Xcode is written unrun.
        export http NAME
                       writes NAME.http, which VS Code's REST Client and JetBrains' HTTP Client
                       read: each request of the history (method, URL, headers, body) as a
                       `### N` block; a secret header's value is {{$processEnv NAME}}, read from
                       the environment as `save` does. `open NAME.http` reads it back here.

        Every form but swift and curl writes into the current folder (--dir DIR elsewhere)
        and refuses to replace a file unless --force.
        Swift: export curl is \(TranscriptSnippet.savedSource(of: StatementForm.curl.descriptor.sample, sandboxRoot: nil)); export swift is none (what it prints is the Swift)

        Examples:
          wb> get /posts userId==1
          wb> let posts = decode [Post]
          wb> export swift
          wb> export curl
          wb> export playground FirstPost "Fetch a post and decode it"
          wb> export playground FirstPost --blocks
          wb> export markdown first-post
          wb> export notebook first-post "Fetch a post and decode it"
          wb> export notebook Networking.playground
          wb> export http first-post
        """
    }

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? (Self.targets + Self.documents).filter { $0.hasPrefix(words[0]) } : []
    }

    /// Reached when the arguments name no command: `invocation(of:)` runs `swift` and `curl` itself.
    func run(_ arguments: String, session: Session) async throws {
        var words = try Arguments.split(arguments)
        if let document = words.first, Self.documents.contains(document) {
            words.removeFirst()
            let given = try OptionWords(words, options: Self.options(of: document), command: "export \(document)")
            return try await DocumentExport(given, kind: document).write(session: session)
        }
        if let target = Self.target(in: arguments), target.name == "curl" {
            throw UsageError("export curl takes no arguments, got '\(ErrorLine.echo(target.arguments))' — `curl URL …` alone sends a curl command")
        }
        let given = arguments.isEmpty ? "" : ", not '\(arguments)'"
        throw UsageError("export takes swift (app code), curl (a curl command line), playground NAME, markdown NAME, notebook NAME or http NAME\(given) — `help export` says more")
    }

    /// `swift` in `export swift --x`: the target's name and the words after it.
    static func target(in arguments: String) -> (name: String, arguments: String)? {
        let name = String(arguments.prefix { !$0.isWhitespace })
        guard targets.contains(name) else { return nil }
        return (name, String(arguments.dropFirst(name.count)).trimmingCharacters(in: .whitespaces))
    }
}
