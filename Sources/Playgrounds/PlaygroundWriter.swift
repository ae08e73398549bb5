import Foundation

/// Writes a playground bundle Xcode opens: the version 6 format with pages (what Xcode 7 and
/// later write for a new multi-page playground), rendered markup, and a `Contents.swift` per page.
public enum PlaygroundWriter {
    /// `contents.xcplayground` listing `pages`, in order.
    public static func contents(pages: [String], targetPlatform: String = "macos") -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <playground version='6.0' target-platform='\(escaped(targetPlatform))' display-mode='rendered' buildActiveScheme='true' importAppTypes='true'>
                <pages>

            """
        for page in pages { xml += "        <page name='\(escaped(page))'/>\n" }
        xml += "    </pages>\n</playground>\n"
        return xml
    }

    /// Writes `url` (a `.playground` folder, replaced whole when `replacing`) with one page per
    /// `(name, contents)`; a name Xcode cannot use as a folder (a `/`) is refused.
    public static func write(_ pages: [(name: String, contents: String)], to url: URL, replacing: Bool = false) throws(PlaygroundError) {
        let files = FileManager.default
        for page in pages where page.name.isEmpty || page.name.contains("/") || page.name.hasPrefix(".") {
            throw PlaygroundError("'\(page.name)' cannot be a page's name (a folder's name without '/')")
        }
        if files.fileExists(atPath: url.path) {
            guard replacing else { throw PlaygroundError("\(url.path) already exists; add --force to replace it") }
        }
        // Written beside it, then moved into place: an existing bundle is never left half replaced.
        let staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8))")
        do {
            for page in pages {
                let folder = staging.appendingPathComponent("Pages/\(page.name).xcplaygroundpage")
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(page.contents.utf8).write(to: folder.appendingPathComponent("Contents.swift"))
            }
            try Data(contents(pages: pages.map(\.name)).utf8).write(to: staging.appendingPathComponent("contents.xcplayground"))
            if files.fileExists(atPath: url.path) { try files.removeItem(at: url) }
            try files.moveItem(at: staging, to: url)
        } catch {
            try? files.removeItem(at: staging)
            throw PlaygroundError("cannot write \(url.path): \((error as NSError).localizedDescription)")
        }
    }

    /// `text` as `//:` markup lines (an empty line as a bare `//:`).
    public static func markup(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "//:" : "//: " + $0 }.joined(separator: "\n")
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&apos;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
