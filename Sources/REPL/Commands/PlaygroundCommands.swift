import Foundation
import Playgrounds
import WorkbenchKit
import WorkbenchScript

/// `open PATH.playground`: the bundle's `Sources/` importable in the session, its pages listed.
/// `open PATH.swift`: a file's `#Playground` blocks listed as its pages (OpenBlocksFile).
struct OpenCommand: Command {
    let name = "open"
    var synopsis: String { "open PATH.playground \(options.synopsis)|PATH.swift|PATH.http|PATH.ipynb" }
    static let page = CommandOption("--page", value: "NAME", example: "Networking.playground --page Decoding",
                                    help: "make that page's own Sources/ and Resources/ ready too, without running it")
    let options = [Self.page]
    let summary = "open an Xcode playground, a file's #Playground blocks, an .http file or a notebook, listing what it holds"
    let help = """
        Reads an Xcode playground bundle (single-page or with pages, any format Xcode has
        written), compiles its Sources/ once into the module every page imports and makes it
        imported by every later Swift input here, links its Resources/ where Bundle.main finds
        them, and lists its pages with their titles (a page's first heading); a page that needs
        Xcode (SwiftUI's or UIKit's own types, a live view) is marked with the reason. `page
        NAME` then runs a page into this session, so its values stay to explore. `replay
        PATH.playground` runs every page without changing the session. Open a playground before
        code asks Bundle.main for a resource: Foundation reads the folder once. With --page
        NAME, that page's own Sources/ and Resources/ are made ready too, without running it
        (the first cell of a notebook `export notebook PATH.playground` writes).
        A PATH.swift with #Playground blocks (Xcode's Playgrounds macro) is a playground too:
        the code outside the blocks runs here, and its blocks are listed as pages (an unnamed
        one by its number); `page NAME` runs one, its body in a scope of its own.
        A PATH.http (VS Code's REST Client, JetBrains' HTTP Client) lists its requests;
        `send NAME` (or `send N`) sends one, `replay PATH.http` all of them (`help env`).
        A PATH.ipynb (a Jupyter notebook) lists its cells; `replay PATH.ipynb` runs its code
        cells, `--check` comparing their output with the notebook's.
        Swift: none (`save` writes the pages' statements, but a snippet cannot import Sources/)

        Examples:
          wb> open Networking.playground
          wb> page Building URLs
          wb> open Blocks.swift
          wb> page 2
          wb> open requests.http
          wb> open lesson.ipynb
        """
    let group = CommandGroup.snippets

    func complete(_ words: [String], session: Session) -> [String] {
        words.count <= 1 ? Self.openableFiles() : []
    }

    /// The playground bundles, `.http` files and notebooks in the current folder, for completion.
    static func openableFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)) ?? []
        return names.filter { $0.hasSuffix(".playground") || $0.hasSuffix(".http") || $0.hasSuffix(".ipynb") }.sorted()
    }

    func run(_ arguments: String, session: Session) async throws {
        // `--page NAME` (a notebook's first cell, `export notebook PATH.playground`): that page's
        // own Sources/ and Resources/ too, as `page` would make them, without running it.
        let given = try optionWords(arguments)
        let pageName = given.value(Self.page)
        let words = given.operands
        guard words.count == 1, let path = words.first else {
            throw UsageError(words.isEmpty ? "which playground? `open PATH.playground`" : "open takes one playground, got \(words.count) words")
        }
        if pageName != nil && !path.hasSuffix(".playground") { throw UsageError("--page is for a .playground bundle's pages") }
        if path.hasSuffix(".swift") { return try await OpenBlocksFile.open(path, session: session) }
        if path.hasSuffix(".http") || path.hasSuffix(".rest") { return try session.openHTTPFile(path) }
        if NotebookFile.isNotebook(path) { return try NotebookFile.read(path).list(as: path, on: session.console) }
        let bundle = try PlaygroundBundle.open(URL(fileURLWithPath: NSString(string: path).expandingTildeInPath))
        let page = try pageName.map { name throws(UsageError) in
            guard let page = bundle.page(named: name) else {
                throw UsageError("no page '\(name)' in \(bundle.url.lastPathComponent): \(bundle.pages.map(\.name).joined(separator: ", "))")
            }
            return page
        }
        let console = session.console
        for note in bundle.notes { console.line(console.styled("note: \(note)", .dim)) }
        let work = try await OpenPlayground.compileInNewFolder([(bundle.sources, bundle.sourcesModule)], bundle: bundle,
                                                               languageMode: bundle.languageMode ?? session.languageMode, into: session)
        session.openPlayground = OpenPlayground(bundle: bundle, work: work)
        session.openBlocks = nil
        PlaygroundWorkFolder.link([bundle.resources].compactMap { $0 }, into: OpenPlayground.mainBundleFolder)
        console.line(console.styled(bundle.url.lastPathComponent, .bold) + console.styled(" · format \(bundle.format.version)"
            + (bundle.format.targetPlatform.map { " · \($0)" } ?? "") + " · \(bundle.pages.count) \(bundle.pages.count == 1 ? "page" : "pages")", .dim))
        if bundle.sources != nil { console.line(console.styled("Sources/ is module \(bundle.sourcesModule), imported by every input from now on", .dim)) }
        let width = bundle.pages.map(\.name.count).max() ?? 0
        for (index, page) in bundle.pages.enumerated() {
            let text = (try? String(contentsOf: page.file, encoding: .utf8)) ?? ""
            let title = PlaygroundMarkup.title(of: text) ?? page.name
            var line = String(format: "%2d  ", index + 1) + console.styled(page.name.padding(toLength: width, withPad: " ", startingAt: 0), .bold) + "  " + title
            if let script = try? SnippetScript(source: text, fileName: page.name, moduleName: "main"), let reason = LinuxLacks.reason(for: script) {
                line += console.styled("  (needs Xcode: \(reason))", .yellow)
            }
            console.line(line)
        }
        console.line(console.styled("`page NAME` runs a page here; `replay \(Arguments.quoted(path)) --step` steps through them all", .dim))
        guard let page else { return }
        try await session.openPlayground?.prepare(page, session: session)
        if page.sources != nil { console.line(console.styled("page \(page.name)'s Sources/ is module \(bundle.pageSourcesModule(page)), imported from now on", .dim)) }
    }
}

/// `page NAME`: runs a page of the open playground into the session, its markup shown as it goes.
struct PageCommand: Command {
    let name = "page"
    let synopsis = "page NAME"
    let summary = "run a page of the open playground here, so its values stay"
    let help = """
        Runs the page's statements one by one as if typed at the prompt: its prose (the //:
        and /*: */ markup) rendered before the code it precedes, each statement shown dimmed
        unless it is in a //#-hidden-code region, then its output. The page's own Sources/
        module is compiled and imported from then on, its Resources/ linked for Bundle.main.
        The page stops at its first failing statement. What it declared and bound stays in
        the session, and `save` keeps its statements. NAME is a page's name (Tab completes
        it) or its number in `open`'s list. After `open PATH.swift`, NAME is a #Playground
        block's: its body runs here in a scope of its own, so what it prints and sends stays
        in the session, and what it declares does not.
        Swift: the page's own statements

        Examples:
          wb> open Networking.playground
          wb> page Decoding Resources
        """
    let group = CommandGroup.snippets

    func complete(_ words: [String], session: Session) -> [String] {
        session.openBlocks?.blocks.map(\.title) ?? session.openPlayground?.bundle.pages.map(\.name) ?? []
    }

    func run(_ arguments: String, session: Session) async throws {
        let typed = arguments.trimmingCharacters(in: .whitespaces)
        let name = (try? Arguments.split(typed)).map { $0.joined(separator: " ") } ?? typed
        if let file = session.openBlocks {
            guard let block = file.block(named: name) else {
                throw UsageError(OpenBlocksFile.noBlock(name, in: file.blocks, file: file.url.lastPathComponent))
            }
            return try await file.run(block, session: session)
        }
        guard let open = session.openPlayground else { throw UsageError("no playground is open: `open PATH.playground` first") }
        guard let page = open.bundle.page(named: name) ?? Int(name).flatMap({ open.bundle.pages.indices.contains($0 - 1) ? open.bundle.pages[$0 - 1] : nil }) else {
            throw UsageError("no page '\(name)' in \(open.bundle.url.lastPathComponent): \(open.bundle.pages.map(\.name).joined(separator: ", "))")
        }
        let text: String
        do {
            text = try String(contentsOf: page.file, encoding: .utf8)
        } catch {
            throw UsageError("cannot read \(page.file.path): \(error.localizedDescription)")
        }
        let script = try SnippetScript(source: text, fileName: page.name, moduleName: "main")
        if let reason = LinuxLacks.reason(for: script) { throw UsageError("page '\(page.name)' needs Xcode: \(reason)") }
        try await open.prepare(page, session: session)
        try await runStatements(of: text, session: session)
    }

    /// Each top-level statement as its own input, the markup before it rendered first.
    @MainActor
    private func runStatements(of text: String, session: Session) async throws {
        let console = session.console
        let markup = PageMarkup(text: text, width: TerminalWidth.current(), styled: console.colors)
        let file = SwiftFile(parsing: text)
        for item in file.items {
            let line = file.firstLine(of: item)
            markup.show(before: line, on: console)
            if !markup.isHidden(line) {
                for echoed in item.text.split(separator: "\n", omittingEmptySubsequences: false) {
                    console.line(console.styled(SnippetReplay.echoMarker + echoed, .dim))
                }
            }
            console.flush()
            try await session.runSwift([item])
        }
        markup.show(before: Int.max, on: console)
    }
}
