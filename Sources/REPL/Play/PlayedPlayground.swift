import Foundation
import Playgrounds
import WorkbenchScript

/// A playground bundle's page that `play` runs: the bundle's `Sources/` and the page's own compiled
/// and imported by every later input (as `open` and `page` do), compiled again when they change.
@MainActor
struct PlayedPlayground {
    let bundle: PlaygroundBundle
    let page: PlaygroundBundle.Page

    /// The folders whose Swift files are compiled for the page.
    var sourceFolders: [URL] { [bundle.sources, page.sources].compactMap { $0 } }

    /// The `.playground` bundle `file` is in (a page's `Contents.swift`, or the bundle itself).
    static func bundle(holding file: URL) -> URL? {
        var folder = file.standardizedFileURL
        while folder.path != "/" {
            if folder.pathExtension == "playground" { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The page `file` is (a page's `Contents.swift`), or for the bundle itself the page `name`
    /// names (or its number), or its only page; compiled and linked.
    static func open(_ file: URL, bundleAt url: URL, page name: String?, session: Session) async throws -> PlayedPlayground {
        let bundle: PlaygroundBundle
        do {
            bundle = try PlaygroundBundle.open(url)
        } catch {
            throw UsageError(error.description)
        }
        let names = bundle.pages.map(\.name).joined(separator: ", ")
        let page: PlaygroundBundle.Page
        if file.standardizedFileURL != url.standardizedFileURL {
            guard let found = bundle.pages.first(where: { $0.file.standardizedFileURL == file.standardizedFileURL }) else {
                throw UsageError("\(file.path) is not a page of \(url.lastPathComponent) (its pages: \(names))")
            }
            page = found
        } else if let name {
            guard let found = bundle.page(named: name) ?? Int(name).flatMap({ bundle.pages.indices.contains($0 - 1) ? bundle.pages[$0 - 1] : nil }) else {
                throw UsageError("no page '\(name)' in \(url.lastPathComponent): \(names)")
            }
            page = found
        } else {
            guard bundle.pages.count == 1 else {
                throw UsageError("\(url.lastPathComponent) has \(bundle.pages.count) pages: play one with --page NAME (\(names))")
            }
            page = bundle.pages[0]
        }
        let played = PlayedPlayground(bundle: bundle, page: page)
        try await played.compile(into: session)
        return played
    }

    /// Compiles the bundle's `Sources/` and the page's into a new work folder and links them into
    /// every later input, in place of what an earlier compile linked; the page's resources are
    /// where `Bundle.main` finds them.
    func compile(into session: Session) async throws {
        let work = try await OpenPlayground.compileInNewFolder(
            [(bundle.sources, bundle.sourcesModule), (page.sources, bundle.pageSourcesModule(page))],
            bundle: bundle, languageMode: bundle.languageMode ?? session.languageMode, into: session)
        session.openPlayground = OpenPlayground(bundle: bundle, work: work)
        session.openBlocks = nil
        PlaygroundWorkFolder.link([bundle.resources, page.resources].compactMap { $0 }, into: OpenPlayground.mainBundleFolder)
    }
}
