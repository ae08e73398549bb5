import Foundation
import LineEditor
import Playgrounds
import WorkbenchKit
import WorkbenchScript

/// `export notebook PATH.playground`: each page of an Xcode playground as a notebook for the
/// Workbench kernel. A page's prose (`//:` and `/*: */` markup) becomes Markdown cells, its links
/// to other pages pointing at their notebooks; the code between becomes code cells (hidden code
/// folded). Each notebook is run once here, in a session of its own as the kernel would run it,
/// so it is handed out with its outputs.
@MainActor
struct PlaygroundNotebooks {
    let bundle: PlaygroundBundle
    /// Where the notebooks go: a one-page bundle's NAME.ipynb, or the folder NAME holding a
    /// notebook per page.
    let target: URL

    init(bundle: PlaygroundBundle, into folder: URL) {
        self.bundle = bundle
        target = folder.appendingPathComponent(bundle.name + (bundle.isMultiPage ? "" : ".ipynb"))
    }

    /// The notebook of page `index`: numbered so a file browser lists the pages in order.
    func file(of index: Int) -> URL {
        guard bundle.isMultiPage else { return target }
        let number = String(format: "%02d", index + 1)
        return target.appendingPathComponent("\(number) \(bundle.pages[index].name.replacingOccurrences(of: "/", with: "-")).ipynb")
    }

    /// What a page's notebook holds, and whether its code can run here.
    struct PageCells {
        var cells: [NotebookDocument.Cell] = []
        /// Why the page cannot run on Linux (it needs Xcode), when it cannot.
        var needsXcode: String?
    }

    /// The cells of page `index`: first `open` of the bundle when it has Sources/ or Resources/
    /// (with `--page` when the page has its own), the path relative to the notebook's folder,
    /// where a kernel runs.
    func cells(ofPage index: Int, text: String) -> PageCells {
        var page = PageCells()
        if let script = try? SnippetScript(source: text, fileName: bundle.pages[index].name, moduleName: "main") {
            page.needsXcode = LinuxLacks.reason(for: script)
        }
        if let reason = page.needsXcode {
            page.cells.append(.markdown("*This page needs Xcode (\(reason)): its code is here to read, and does not run on Linux.*"))
        }
        let own = bundle.pages[index]
        if bundle.sources != nil || bundle.resources != nil || own.sources != nil || own.resources != nil {
            var open = "open " + Arguments.quoted(relativePath(of: bundle.url, from: file(of: index).deletingLastPathComponent()))
            if own.sources != nil || own.resources != nil { open += " --page " + Arguments.quoted(own.name) }
            page.cells.append(.code(open, output: nil))
        }
        for block in PlaygroundMarkup.blocks(in: text) {
            switch block {
            case .markup(let prose, _): page.cells.append(.markdown(linkingNotebooks(prose, from: index)))
            case .code(let code, _): page.cells.append(.code(code, output: nil))
            case .hidden(let code, _): page.cells.append(.code(code, output: nil, hidden: true))
            }
        }
        return page
    }

    /// `markdown` with each link to a page (`@next`, `@previous`, a page's name) pointing at that
    /// page's notebook; `@next` on the last page (`@previous` on the first) is left as its text,
    /// and any other link or image (`![diagram](diagram.png)`) as written.
    func linkingNotebooks(_ markdown: String, from index: Int) -> String {
        markdown.replacing(/(!?)\[([^\]\n]*)\]\(([^)\s]*)\)/) { match in
            let written = String(match.output.0)
            guard match.output.1.isEmpty, let target = MarkupLink.Target(destination: String(match.output.3)) else { return written }
            let page: Int?
            switch target {
            case .next: page = index + 1 < bundle.pages.count ? index + 1 : nil
            case .previous: page = index > 0 ? index - 1 : nil
            case .page(let name):
                guard let named = bundle.page(named: name).flatMap({ bundle.pages.firstIndex(of: $0) }) else { return written }
                page = named
            }
            guard let page else { return String(match.output.2) }
            let name = file(of: page).lastPathComponent
            return "[\(match.output.2)](\(name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name))"
        }
    }

    /// Writes every page's notebook, each run in a session of its own (a page that needs Xcode is
    /// written unrun), with a line for each.
    func write(session: Session, force: Bool) async throws {
        let files = FileManager.default
        if files.fileExists(atPath: target.path) && !force {
            throw UsageError("\(SnippetsFolder.display(target)) already exists; add --force to replace \(bundle.isMultiPage ? "its notebooks" : "it")")
        }
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: target.deletingLastPathComponent().path, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("\(SnippetsFolder.display(target.deletingLastPathComponent())) is not a folder: nothing was run or written")
        }
        do {
            if bundle.isMultiPage { try files.createDirectory(at: target, withIntermediateDirectories: true) }
        } catch {
            throw UsageError("cannot make \(SnippetsFolder.display(target)): \((error as NSError).localizedDescription)")
        }
        let console = session.console
        for note in bundle.notes { console.line(console.styled("note: \(note)", .dim)) }
        for index in bundle.pages.indices {
            if Interrupt.isPending { throw UsageError("interrupted: the pages after \(index) were not written") }
            let text: String
            do {
                text = try String(contentsOf: bundle.pages[index].file, encoding: .utf8)
            } catch {
                throw UsageError("cannot read \(bundle.pages[index].file.path): \(error.localizedDescription)")
            }
            var page = cells(ofPage: index, text: text)
            let file = file(of: index)
            var outcome = "not run: it needs Xcode"
            if page.needsXcode == nil {
                outcome = await NotebookReplay.inFolder(file.deletingLastPathComponent()) { await run(&page.cells, after: session) }
            }
            do {
                try DurableFile.write(NotebookDocument(cells: page.cells).data, to: file)
            } catch {
                throw UsageError("cannot write \(SnippetsFolder.display(file)): \((error as NSError).localizedDescription)")
            }
            console.line("wrote \(SnippetsFolder.display(file)) (\(outcome))")
        }
        console.line(console.styled("Jupyter runs them with the Workbench kernel (`workbench kernel install`); `replay` one here", .dim))
    }

    /// Runs the code cells in a session of their own, filling in their outputs, up to the first
    /// that fails (the cells after it are left unrun); what happened, in a few words.
    private func run(_ cells: inout [NotebookDocument.Cell], after session: Session) async -> String {
        let pageSession = NotebookReplay.session(console: Console(capturingWithColors: false), sandboxURL: session.sandboxURL,
                                                 offline: session.offline, languageMode: bundle.languageMode ?? session.languageMode)
        defer { pageSession.swiftRunner?.close() }
        let codeCells = cells.indices.filter { if case .code = cells[$0] { true } else { false } }
        var ran = 0
        for index in codeCells {
            guard case .code(let source, _, let hidden) = cells[index] else { continue }
            let (output, succeeded) = await NotebookReplay.run(cell: source, in: pageSession, last: index == codeCells.last)
            cells[index] = .code(source, output: output, hidden: hidden)
            ran += 1
            if !succeeded {
                let left = codeCells.count - ran
                return "code cell \(ran) failed: \(NotebookReplay.failureLine(in: output))" + (left > 0 ? "; the \(left) after it did not run" : "")
            }
        }
        return "\(ran) code \(ran == 1 ? "cell" : "cells") run"
    }

    /// The path to `url` from the folder `base`, both absolute.
    private func relativePath(of url: URL, from base: URL) -> String {
        let to = url.standardizedFileURL.pathComponents
        let from = base.standardizedFileURL.pathComponents
        let shared = zip(to, from).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - shared) + to[shared...]).joined(separator: "/")
    }
}
