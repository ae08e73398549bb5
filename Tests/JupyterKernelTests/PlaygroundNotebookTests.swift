import Foundation
import Testing
import TestSupport

/// `export notebook PATH.playground`: a notebook per page of the Networking bundle the playground
/// tests use (Tests/EndToEndTests/Playgrounds), its prose as Markdown with the links between pages
/// kept, each run once so it holds its output: what the page prints compiled (the bundle's
/// Expected/ files, generate.py) is in it, and nbclient runs it on the kernel.
@Suite struct PlaygroundNotebookTests {
    static let playgrounds = JupyterClients.packageRoot.appendingPathComponent("Tests/EndToEndTests/Playgrounds")
    static let bundle = playgrounds.appendingPathComponent("Bundles/Networking.playground")

    @Test func eachPageIsANotebookHoldingWhatThePagePrintsCompiled() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let environment = isolatedEnvironment(home: folder.url)
        let export = "export notebook \(Self.bundle.path) --dir \(folder.url.path)\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: export, environment: environment)
        let written = folder.url.appendingPathComponent("Networking").path
        #expect(run.output == """
            wrote \(written)/01 Introduction.ipynb (3 code cells run)
            wrote \(written)/02 Building URLs.ipynb (5 code cells run)
            wrote \(written)/03 Decoding Resources.ipynb (2 code cells run)
            wrote \(written)/04 Fetching Posts.ipynb (2 code cells run)
            wrote \(written)/05 Live View.ipynb (not run: it needs Xcode)
            Jupyter runs them with the Workbench kernel (`workbench kernel install`); `replay` one here

            """, "\(run.output)\(run.errorOutput)")

        let pages = ["Introduction", "Building URLs", "Decoding Resources", "Fetching Posts"]
        for (index, page) in pages.enumerated() {
            let cells = try Self.cells(of: "\(written)/0\(index + 1) \(page).ipynb")
            let outputs = cells.filter { $0["cell_type"] as? String == "code" }
                .map { JupyterClients.text(of: $0["outputs"] as? [[String: Any]] ?? [], notebook: true) }.joined()
            let compiled = try String(contentsOf: Self.playgrounds.appendingPathComponent("Expected/Networking/\(page).txt"), encoding: .utf8)
            #expect(Self.isSubsequence(compiled.split(separator: "\n").map(String.init), of: outputs.split(separator: "\n").map(String.init)),
                    "\(page): \(outputs)")
        }
        // The first cell opens the bundle, relative to the notebook's folder (where Jupyter starts
        // the kernel); a page with Sources/ of its own opens them too.
        let relative = String(repeating: "../", count: folder.url.standardizedFileURL.pathComponents.count) + Self.bundle.path.dropFirst()
        let resources = try Self.cells(of: "\(written)/03 Decoding Resources.ipynb")
        #expect(Self.source(resources[0]) == "open \(relative) --page 'Decoding Resources'")
        // Prose is Markdown, its links to pages the pages' notebooks; hidden code folded.
        let building = try Self.cells(of: "\(written)/02 Building URLs.ipynb")
        #expect(Self.source(building[1]).hasSuffix("[Previous](01%20Introduction.ipynb) | [Next](03%20Decoding%20Resources.ipynb)\n\n"
                                                   + "Know this already? [Jump to fetching](04%20Fetching%20Posts.ipynb)"), "\(Self.source(building[1]))")
        #expect(building.map { $0["cell_type"] as? String } == ["code", "markdown", "code", "code", "code", "markdown", "code", "markdown"])
        #expect((building[3]["metadata"] as? [String: [String: Bool]])?["jupyter"]?["source_hidden"] == true)
        // An image (or any link to no page) is kept as written.
        let introduction = try Self.cells(of: "\(written)/01 Introduction.ipynb").map(Self.source).joined(separator: "\n")
        #expect(introduction.contains("![diagram](diagram.png)"), "\(introduction)")
        #expect(Self.source(building[3]).hasPrefix("func show(_ components: URLComponents) {"))
        // A page that needs Xcode says so and holds its code unrun.
        let live = try Self.cells(of: "\(written)/05 Live View.ipynb")
        #expect(Self.source(live[0]).hasPrefix("*This page needs Xcode (it uses UIView"), "\(Self.source(live[0]))")
        #expect(live.allSatisfy { $0["execution_count"] == nil || $0["execution_count"] is NSNull })

        // nbclient runs them on the kernel (validated before and after), in the notebook's folder.
        let paths = pages.enumerated().map { "\(written)/0\($0.offset + 1) \($0.element).ipynb" }
        let executed = try await JupyterClients.run("run_notebooks.py", paths)
        let notebooks = try #require(try JSONSerialization.jsonObject(with: Data(executed.output.utf8)) as? [String: Any], "\(executed.errorOutput)")
        // The first two print the same each run; the others a dictionary (in an order of the
        // process's) and a completion handler's lines after the cell ended.
        for path in paths.prefix(2) {
            let ran = try #require(notebooks[path] as? [[String: Any]])
            let kept = try Self.cells(of: path).filter { $0["cell_type"] as? String == "code" }
            #expect(ran.map { JupyterClients.text(of: $0["outputs"] as? [[String: Any]] ?? [], notebook: true) }
                    == kept.map { JupyterClients.text(of: $0["outputs"] as? [[String: Any]] ?? [], notebook: true) })
        }
    }

    @Test func aBundleOrPageThatIsNotThereOrANotebookInTheWayIsOneLine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let environment = isolatedEnvironment(home: folder.url)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Networking"), withIntermediateDirectories: true)
        let typed = "export notebook \(folder.url.path)/Missing.playground\nexport notebook \(Self.bundle.path) --dir \(folder.url.path)\n"
            + "export notebook \(Self.bundle.path) \"a description\"\n"
            + "open \(Self.bundle.path) --page Nowhere\nopen \(Self.bundle.path) --page\n"
            // A bundle named by a relative path that starts with `..` is taken (the folder is in the way).
            + "export notebook \(Self.upAndDown(to: Self.bundle)) --dir \(folder.url.path)\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: typed, environment: environment)
        #expect(run.output == """
            error: \(folder.url.path)/Missing.playground does not exist
            error: \(folder.url.path)/Networking already exists; add --force to replace its notebooks
            error: export notebook PATH.playground takes no description: each page's prose is its own
            error: no page 'Nowhere' in Networking.playground: Introduction, Building URLs, Decoding Resources, Fetching Posts, Live View
            error: --page needs a value (NAME), as in `open Networking.playground --page Decoding`
            error: \(folder.url.path)/Networking already exists; add --force to replace its notebooks

            """, "\(run.output)")
    }

    /// `url` from the current folder by a path that starts with `..`: up to the root, then down.
    private static func upAndDown(to url: URL) -> String {
        let depth = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents.count - 1
        return String(repeating: "../", count: max(depth, 1)) + url.standardizedFileURL.path.dropFirst()
    }

    private static func cells(of path: String) throws -> [[String: Any]] {
        let notebook = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return notebook?["cells"] as? [[String: Any]] ?? []
    }

    private static func source(_ cell: [String: Any]) -> String {
        (cell["source"] as? [String])?.joined() ?? cell["source"] as? String ?? ""
    }

    /// Whether `lines` appear in `all` in their order, other lines between them.
    private static func isSubsequence(_ lines: [String], of all: [String]) -> Bool {
        var rest = all[...]
        for line in lines {
            guard let found = rest.firstIndex(of: line) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }
}
