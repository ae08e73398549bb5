import CMarkGFM
import Foundation

/// An Xcode playground bundle as Xcode reads it: `contents.xcplayground` for its format and its
/// pages, the code of each page, and the `Sources/` and `Resources/` folders of the bundle and of
/// each page (docs/playgrounds.md).
public struct PlaygroundBundle: Sendable {
    /// One page: a single-page bundle's `Contents.swift`, or `Pages/NAME.xcplaygroundpage`.
    public struct Page: Sendable, Equatable {
        public let name: String
        /// `Contents.swift`.
        public let file: URL
        /// The page's own `Sources/` and `Resources/`, when it has them.
        public let sources: URL?
        public let resources: URL?
    }

    public let url: URL
    /// `MyPlayground` for `MyPlayground.playground`.
    public let name: String
    public let format: PlaygroundFormat
    public let pages: [Page]
    /// The bundle's `Sources/` and `Resources/`, when it has them.
    public let sources: URL?
    public let resources: URL?
    /// Lines worth saying once about how the bundle was read (an unknown format version, a listed
    /// page that is not there).
    public let notes: [String]

    /// Whether it is multi-page (Xcode's `Pages/` layout) rather than one `Contents.swift`.
    public var isMultiPage: Bool { pages.first?.file.deletingLastPathComponent().lastPathComponent.hasSuffix(".xcplaygroundpage") ?? false }

    /// The page named `name`, as typed (case-insensitive when no page has exactly that name).
    public func page(named name: String) -> Page? {
        pages.first { $0.name == name } ?? pages.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Reads the bundle at `url`; what Xcode would refuse to open is one line.
    public static func open(_ url: URL) throws(PlaygroundError) -> PlaygroundBundle {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PlaygroundError("\(url.path) does not exist")
        }
        guard isDirectory.boolValue else { throw PlaygroundError("\(url.path) is a file, not a .playground bundle (a folder)") }
        var notes: [String] = []
        let contents = url.appendingPathComponent("contents.xcplayground")
        let format: PlaygroundFormat
        if let data = files.contents(atPath: contents.path) {
            format = try PlaygroundFormat(xml: data)
        } else {
            // Xcode opens a bundle without one as a playground of the current format.
            notes.append("\(url.lastPathComponent) has no contents.xcplayground: read as a version 6 playground")
            format = PlaygroundFormat(version: "6.0", targetPlatform: nil, attributes: [:], pageNames: [])
        }
        if !format.isKnownVersion {
            notes.append("\(url.lastPathComponent) is playground format version \(format.version), which Workbench does not know: read as version 6")
        }
        let pages = try Self.pages(of: url, format: format, notes: &notes)
        return PlaygroundBundle(url: url, name: url.deletingPathExtension().lastPathComponent, format: format, pages: pages,
                                sources: Self.folder("Sources", in: url), resources: Self.folder("Resources", in: url), notes: notes)
    }

    private static func pages(of url: URL, format: PlaygroundFormat, notes: inout [String]) throws(PlaygroundError) -> [Page] {
        let pagesFolder = url.appendingPathComponent("Pages")
        let single = url.appendingPathComponent("Contents.swift")
        var listed = format.pageNames
        if listed.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: pagesFolder.path) {
            // No page list: the pages found, in the order Finder shows them.
            listed = names.filter { $0.hasSuffix(".xcplaygroundpage") }.map { String($0.dropLast(".xcplaygroundpage".count)) }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }
        if listed.isEmpty {
            guard FileManager.default.fileExists(atPath: single.path) else {
                throw PlaygroundError("\(url.lastPathComponent) has no pages: neither Contents.swift nor Pages/NAME.xcplaygroundpage")
            }
            return [Page(name: url.deletingPathExtension().lastPathComponent, file: single, sources: nil, resources: nil)]
        }
        var pages: [Page] = []
        for name in listed {
            let pageFolder = pagesFolder.appendingPathComponent(name + ".xcplaygroundpage")
            let file = pageFolder.appendingPathComponent("Contents.swift")
            guard FileManager.default.fileExists(atPath: file.path) else {
                notes.append("page '\(name)' is listed but Pages/\(name).xcplaygroundpage/Contents.swift is not there: left out")
                continue
            }
            pages.append(Page(name: name, file: file, sources: folder("Sources", in: pageFolder), resources: folder("Resources", in: pageFolder)))
        }
        guard !pages.isEmpty else { throw PlaygroundError("\(url.lastPathComponent) lists pages but none of them is there") }
        return pages
    }

    private static func folder(_ name: String, in url: URL) -> URL? {
        var isDirectory: ObjCBool = false
        let folder = url.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue ? folder : nil
    }
}

extension PlaygroundBundle {
    /// The `.swift` files of a `Sources/` folder (and its subfolders, as Xcode compiles them), in order.
    public static func swiftFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// A C identifier made of `name`, as Xcode names a playground's modules (`My Playground` → `My_Playground`).
    public static func identifier(_ name: String) -> String {
        var identifier = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if identifier.first?.isNumber ?? true { identifier = "_" + identifier }
        return identifier
    }

    /// The module the bundle's `Sources/` is compiled into, which every page imports.
    public var sourcesModule: String { Self.identifier(name) + "_Sources" }

    /// The module a page's own `Sources/` is compiled into, which only that page imports.
    public func pageSourcesModule(_ page: Page) -> String { Self.identifier(name) + "_" + Self.identifier(page.name) + "_PageSources" }
}

/// What could not be read, as one line.
public struct PlaygroundError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension PlaygroundMarkup {
    /// A page's title: the text of the first heading in its markup (`# Decoding JSON`, or a line
    /// underlined with `=`), nil when it has none. Not the first line: pages often start with their
    /// navigation links (`[< Previous](@previous) | [Next >](@next)`).
    public static func title(of source: String) -> String? {
        for case .markup(let text, _) in blocks(in: source) {
            let heading = CMark.withDocument(text) { document -> String? in
                let iterator = cmark_iter_new(document)
                defer { cmark_iter_free(iterator) }
                while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                    guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                          cmark_node_get_type(node) == CMARK_NODE_HEADING else { continue }
                    return CMark.plainText(of: node).trimmingCharacters(in: .whitespaces)
                }
                return nil
            }
            if let heading, !heading.isEmpty { return heading }
        }
        return nil
    }
}
