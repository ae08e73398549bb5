import Foundation
import Playgrounds
import ToolProcesses
import WorkbenchScript

/// A playground's scratch folder for as long as it runs: its compiled `Sources/` modules, and for
/// each page a folder of links to the resources `Bundle.main` should find.
struct PlaygroundWorkFolder {
    let url: URL

    init() throws {
        url = ProcessScratchFolder.url.appendingPathComponent("playground-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Compiles a `Sources/` folder into `module`; nil when it holds no Swift file.
    func compile(_ sources: URL, module: String, bundle: PlaygroundBundle,
                 languageMode: SwiftLanguageMode) async -> Result<LinkedModule?, ModuleCompileError> {
        let files = PlaygroundBundle.swiftFiles(in: sources)
        guard !files.isEmpty else { return .success(nil) }
        do {
            return .success(try await LinkedModule.compile(files, name: module, into: url.appendingPathComponent(module),
                                                           relativeTo: bundle.url, languageMode: languageMode))
        } catch {
            return .failure(error)
        }
    }

    /// A folder linking every file of `folders` (a later folder's file wins, as a page's own
    /// resource shadows the bundle's); nil when there are none.
    func resources(for folders: [URL], page: Int) -> URL? {
        guard !folders.isEmpty else { return nil }
        let merged = url.appendingPathComponent("resources-\(page)")
        Self.link(folders, into: merged)
        return merged
    }

    /// Links the files of `folders` into `target` (made if needed; earlier links of the same names replaced).
    static func link(_ folders: [URL], into target: URL) {
        let files = FileManager.default
        try? files.createDirectory(at: target, withIntermediateDirectories: true)
        for folder in folders {
            for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let link = target.appendingPathComponent(name)
                try? files.removeItem(at: link)
                try? files.createSymbolicLink(at: link, withDestinationURL: folder.appendingPathComponent(name).standardizedFileURL)
            }
        }
    }
}
