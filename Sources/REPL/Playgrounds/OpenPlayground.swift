import Foundation
import Playgrounds
import ToolProcesses
import WorkbenchScript

/// The playground `open` made the session's: its bundle, its compiled `Sources/` (imported by every
/// later input), and the pages run into the session so far.
@MainActor
final class OpenPlayground {
    let bundle: PlaygroundBundle
    let work: PlaygroundWorkFolder
    /// Each page's own `Sources/` module, compiled the first time the page runs.
    var pageModules: [String: LinkedModule] = [:]

    init(bundle: PlaygroundBundle, work: PlaygroundWorkFolder) {
        self.bundle = bundle
        self.work = work
        Self.workFolders.append(work)
    }

    /// Makes what `page` needs before it runs: the page's own `Sources/` compiled (the first
    /// time) and imported from then on, its `Resources/` linked for `Bundle.main`.
    func prepare(_ page: PlaygroundBundle.Page, session: Session) async throws {
        if let sources = page.sources, pageModules[page.name] == nil {
            pageModules[page.name] = try await Self.compileAndLink(sources, module: bundle.pageSourcesModule(page), in: work, bundle: bundle,
                                                                    languageMode: session.languageMode, into: session)
        }
        PlaygroundWorkFolder.link([bundle.resources, page.resources].compactMap { $0 }, into: Self.mainBundleFolder)
    }

    /// Every playground's folder this session opened: a playground opened after another leaves the
    /// first one's modules linked (earlier inputs used them), so their folders stay until exit.
    private static var workFolders: [PlaygroundWorkFolder] = []

    /// Links `module` into every later input, in place of one of the same name (the same bundle
    /// opened again).
    static func link(_ module: LinkedModule, into session: Session) {
        session.swift.configuration.modules.removeAll { $0.name == module.name }
        session.swift.configuration.modules.append(module)
    }

    /// Compiles a `Sources/` folder of `bundle` into `module` in `work` and links it into every later
    /// input (`open`, `page`, `play`); nil when the folder holds no Swift file. A compile error is
    /// one line, at its file and line.
    @discardableResult
    static func compileAndLink(_ sources: URL, module: String, in work: PlaygroundWorkFolder, bundle: PlaygroundBundle,
                               languageMode: SwiftLanguageMode, into session: Session) async throws -> LinkedModule? {
        switch await work.compile(sources, module: module, bundle: bundle, languageMode: languageMode) {
        case .success(let linked):
            if let linked { link(linked, into: session) }
            return linked
        case .failure(let error):
            throw UsageError(String(error.description.dropFirst("error: ".count)))
        }
    }

    /// A new work folder with the `Sources/` folders of `bundle` (each with its module's name; nil
    /// where there is none) compiled in it and linked into every later input (`open`, `play`); on a
    /// compile error the folder is removed again.
    static func compileInNewFolder(_ folders: [(sources: URL?, module: String)], bundle: PlaygroundBundle,
                                   languageMode: SwiftLanguageMode, into session: Session) async throws -> PlaygroundWorkFolder {
        let work = try PlaygroundWorkFolder()
        do {
            for case let (sources?, module) in folders {
                try await compileAndLink(sources, module: module, in: work, bundle: bundle, languageMode: languageMode, into: session)
            }
        } catch {
            work.remove()
            throw error
        }
        return work
    }

    /// Where `Bundle.main` finds resources in this process's Swift host: a folder the host is
    /// told of when it starts (Sources/WorkbenchKit/Playground/MainBundle.swift), which `open`
    /// and `page` fill with links to a playground's `Resources/`. Foundation reads a folder's
    /// listing once, so resources must be there before code first asks `Bundle.main` for one.
    static var mainBundleFolder: URL { ProcessScratchFolder.url.appendingPathComponent("main-bundle") }

    /// Removes what the session's playgrounds left (at exit).
    static func removeFolders() {
        for folder in workFolders { folder.remove() }
        workFolders = []
        try? FileManager.default.removeItem(at: mainBundleFolder)
    }
}
