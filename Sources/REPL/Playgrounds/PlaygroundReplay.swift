import Foundation
import LineResults
import Playgrounds
import WorkbenchKit
import WorkbenchScript

/// `replay NAME.playground [--step] [--check] [--results]`: every page of a bundle run as Xcode runs
/// it, top to bottom, each page its own program; the bundle's `Sources/` compiled once into a module
/// every page imports, a page's own `Sources/` into one only it imports, and `Bundle.main` finding
/// the bundle's and the page's `Resources/` (docs/playgrounds.md).
@MainActor
struct PlaygroundReplay {
    struct Outcome {
        var pagesRun = 0
        var failures = 0
        var needingXcode: [String] = []
        var stopped = false
    }

    let bundle: PlaygroundBundle
    let console: Console
    let sandboxURL: URL?
    /// Given to each `Workbench` a page makes.
    let environment: WorkbenchEnvironment
    var step = false
    var check = false
    var results = false
    var terminalWidth = 80
    var languageMode = SwiftLanguageMode.swift5
    var offlineRoutes: [OfflineRoute] = []
    var prepare: (Workbench) -> Void = { _ in }
    var interrupted: () -> Bool = { false }
    var readAnswer: () -> String? = { Swift.readLine() }
    /// Each page's results column as it shows more (SnippetReplay's `resultsShown`).
    var resultsShown: (ResultsHistory) -> Void = { _ in }

    init(bundle: PlaygroundBundle, console: Console, sandboxURL: URL?, environment: WorkbenchEnvironment) {
        self.bundle = bundle
        self.console = console
        self.sandboxURL = sandboxURL
        self.environment = environment
        languageMode = bundle.languageMode ?? .swift5
    }

    func run() async -> Outcome {
        var outcome = Outcome()
        for note in bundle.notes { console.line(console.styled("note: \(note)", .dim)) }
        let work: PlaygroundWorkFolder
        do {
            work = try PlaygroundWorkFolder()
        } catch {
            console.failure("error: \(error)")
            outcome.failures = 1
            return outcome
        }
        defer { work.remove() }
        var shared: [LinkedModule] = []
        if let sources = bundle.sources {
            switch await work.compile(sources, module: bundle.sourcesModule, bundle: bundle, languageMode: languageMode) {
            case .success(let module?): shared = [module]
            case .success(nil): break
            case .failure(let error):
                console.failure(error.description)
                outcome.failures = 1
                return outcome
            }
        }
        var index = 0
        while index < bundle.pages.count {
            if interrupted() { outcome.stopped = true; break }
            let page = bundle.pages[index]
            // In step mode every page after the first follows a question whose answer, piped, is
            // not echoed: its line ends here.
            if step && !console.isTerminal && outcome.pagesRun + outcome.needingXcode.count > 0 { console.line() }
            let navigation = PageNavigation()
            let failed = await run(page, number: index, shared: shared, work: work, navigation: navigation, outcome: &outcome)
            if failed {
                outcome.failures += 1
                if check { break }
            }
            if navigation.stop { outcome.stopped = true; break }
            if let chosen = navigation.chosen {
                index = chosen
                continue
            }
            if step && bundle.pages.count > 1 && index + 1 < bundle.pages.count {
                guard let chosen = askForPage(after: index) else { outcome.stopped = true; break }
                index = chosen
                continue
            }
            index += 1
        }
        console.flush()
        return outcome
    }

    /// Runs one page; true when it failed.
    private func run(_ page: PlaygroundBundle.Page, number: Int, shared: [LinkedModule], work: PlaygroundWorkFolder,
                     navigation: PageNavigation, outcome: inout Outcome) async -> Bool {
        if bundle.isMultiPage {
            console.line(console.styled("━━ Page \(number + 1) of \(bundle.pages.count): \(page.name) ━━", .bold))
        }
        let text: String
        do {
            text = try String(contentsOf: page.file, encoding: .utf8)
        } catch {
            console.failure("error: cannot read \(relative(page.file)): \(error.localizedDescription)")
            return true
        }
        let script: SnippetScript
        do {
            script = try SnippetScript(source: text, fileName: relative(page.file), moduleName: "main")
        } catch {
            console.failure("error: \(error)")
            return true
        }
        if let reason = LinuxLacks.reason(for: script) {
            console.line(console.styled("note: page '\(page.name)' needs Xcode: \(reason); it is not run here", .yellow))
            outcome.needingXcode.append(page.name)
            return false
        }
        var modules = shared
        if let sources = page.sources {
            switch await work.compile(sources, module: bundle.pageSourcesModule(page), bundle: bundle, languageMode: languageMode) {
            case .success(let module?): modules.append(module)
            case .success(nil): break
            case .failure(let error):
                console.failure(error.description)
                return true
            }
        }
        let markup = PageMarkup(text: text, width: terminalWidth, styled: console.colors)
        var replay = SnippetReplay(script: script, console: console, sandboxURL: sandboxURL, environment: environment)
        replay.step = step
        replay.check = check
        replay.resultsColumn = results
        replay.terminalWidth = terminalWidth
        replay.interrupted = interrupted
        replay.readAnswer = readAnswer
        replay.resultsShown = resultsShown
        replay.offlineRoutes = offlineRoutes
        replay.prepare = prepare
        replay.modules = modules
        replay.mainBundle = work.resources(for: [bundle.resources, page.resources].compactMap { $0 }, page: number)
        replay.echoes = { !markup.isHidden($0.line) }
        replay.beforeStep = { markup.show(before: $0.line, on: console) }
        replay.answered = { navigation.choose($0, from: number, in: bundle) }
        if bundle.isMultiPage { replay.stepPrompt = "⏎ run · n next page · p previous · a page's name · q stop" }
        replay.asOneProgram = true
        replay.beforeRun = { markup.show(before: Int.max, on: console) }
        if results { markup.showAll(on: console) }
        let pageOutcome = await replay.run()
        // Left (q, or another page), the rest of the page is not shown.
        if !results && !pageOutcome.stopped { markup.show(before: Int.max, on: console) }
        outcome.pagesRun += 1
        if pageOutcome.stopped && navigation.chosen == nil { navigation.stop = true }
        return pageOutcome.failures > 0
    }

    /// Between pages in step mode: Enter (or `n`) goes on, `p` back, a page's name to it, `q` stops.
    private func askForPage(after index: Int) -> Int? {
        console.write(console.styled("  ⏎ next page · p previous · a page's name · q stop ", .dim))
        console.flush()
        guard let answer = readAnswer() else { return nil }
        let typed = answer.trimmingCharacters(in: .whitespaces)
        if typed.isEmpty { return index + 1 }
        let navigation = PageNavigation()
        if navigation.choose(typed, from: index, in: bundle), let chosen = navigation.chosen { return chosen }
        if ["q", "quit"].contains(typed.lowercased()) { return nil }
        console.line(console.styled("no page '\(typed)': \(bundle.pages.map(\.name).joined(separator: ", "))", .dim))
        return askForPage(after: index)
    }

    private func relative(_ file: URL) -> String {
        let base = bundle.url.standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(base) ? bundle.url.lastPathComponent + "/" + path.dropFirst(base.count) : path
    }

}

/// Where step mode goes after a page: set by an answer (`n`, `p`, a page's name).
final class PageNavigation {
    var chosen: Int?
    var stop = false

    /// True when `answer` names a page to go to (and remembers it).
    func choose(_ answer: String, from index: Int, in bundle: PlaygroundBundle) -> Bool {
        switch answer.lowercased() {
        case "n", "next": chosen = min(index + 1, bundle.pages.count)
        case "p", "previous", "prev": chosen = max(index - 1, 0)
        default:
            guard let page = bundle.page(named: answer), let found = bundle.pages.firstIndex(of: page) else { return false }
            chosen = found
        }
        return true
    }
}
