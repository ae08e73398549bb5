import Foundation

/// Where snippets live (`Snippets/` under the current directory) and which names are allowed.
enum SnippetsFolder {
    static func directory(_ override: String?) -> URL {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let override else { return base.appendingPathComponent("Snippets") }
        let expanded = (override as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, relativeTo: base).standardizedFileURL
    }

    /// Names a snippet must not take: the package's products and modules (a snippet executable
    /// named like one shadows or clashes with it) and the modules snippets import.
    static let reservedNames: Set<String> = [
        "workbench", "workbenchkit", "workbenchscript", "sandbox", "repl", "lineeditor", "clibedit", "czlib",
        "testsupport", "foundation", "foundationnetworking", "swift", "dispatch", "hummingbird",
        "argumentparser", "swiftsyntax", "swiftparser", "testing", "xctest",
    ]

    /// Why `name` cannot be a snippet's name, or nil when it can.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "a snippet needs a name, as in `save first-posts`" }
        guard name.count <= 100, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              name.first != "-" else {
            return "'\(name)' is not a valid snippet name: use letters, digits, '-' and '_' (it becomes a file name and a program name)"
        }
        if reservedNames.contains(name.lowercased()) {
            return "'\(name)' is the name of a product or module of this package; a snippet by that name would shadow it — choose another"
        }
        return nil
    }

    /// The file for `NAME` (in `directory`) or `PATH` (anything with `/` or ending in `.swift`).
    static func file(for target: String, directory: URL) -> URL {
        if target.contains("/") || target.hasSuffix(".swift") {
            let expanded = (target as NSString).expandingTildeInPath
            return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
        return directory.appendingPathComponent(target + ".swift")
    }

    /// The `.swift` files in `directory`, sorted by name.
    static func snippets(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Whether `folder`'s parent is a SwiftPM package (has a Package.swift), whose `swift run NAME`
    /// builds the snippets in it.
    static func isInPackage(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("Package.swift").path)
    }

    /// What compiling a snippet saved outside a package takes, as its header and `save` say it.
    static func outsidePackage(_ name: String) -> String {
        "`swift run \(name)` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit."
    }

    /// `Snippets/borders.swift` relative to the current directory when inside it.
    static func display(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(current) ? String(url.path.dropFirst(current.count)) : url.path
    }
}
