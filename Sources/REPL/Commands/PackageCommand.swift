import Foundation
import LineEditor
import SwiftPackages
import WorkbenchKit
import WorkbenchScript

/// `package add URL …`, `package remove NAME`, `package`: SwiftPM packages whose modules Swift at
/// the prompt can import (docs/packages.md).
struct PackageCommand: Command {
    let name = "package"
    let aliases = ["packages"]
    let synopsis = "package [add URL [from VERSION | exact VERSION | branch NAME] [products A B] | remove NAME]"
    let summary = "add a SwiftPM package whose modules Swift here can import; list or remove them"
    let help = """
        `package add URL` resolves the package with SwiftPM and builds it, with what it depends
        on, into a library the Swift host loads: then `import MODULE` works at the prompt, in
        replay and in the results column. Without a version it takes the latest release (then
        `from` it); without `products`, every library product the package has. A folder
        (`./MyLibrary`, `/path/to/it`) is built as it is. Builds are cached per set of packages
        and toolchain in ~/.cache/workbench/packages (or $XDG_CACHE_HOME), so a later session
        with the same packages starts without building; two sessions share a build. Ctrl-C
        stops a build and leaves the session as it was. `package` lists the packages with the
        version each resolved to and the modules to import; `package remove NAME` takes one out.
        Changing the packages after compiled inputs ran with other packages linked restarts the
        Swift host, which runs the session's steps again. `save` writes the packages in the
        snippet's header (replay adds them before the first statement) with the lines a
        Package.swift needs for `swift run NAME`.
        Swift: none (a Package.swift's `dependencies:`; `save` writes the line)

        Examples:
          wb> package add https://github.com/apple/swift-algorithms
          wb> import Algorithms
          wb> [1, 2, 3, 4, 5].chunks(ofCount: 2).map(Array.init)
          wb> package add https://github.com/OpenCombine/OpenCombine from 0.14.0 products OpenCombine
          wb> package remove swift-algorithms
        """
    let group = CommandGroup.snippets

    func complete(_ words: [String], session: Session) -> [String] {
        guard let first = words.first else { return ["add", "remove"] }
        if words.count == 1 { return ["add", "remove"] }
        let built = session.packageLibrary?.packages ?? []
        switch first {
        case "remove":
            return words.count == 2 ? built.map(\.requirement.identity) : []
        case "add":
            if words.count == 2 { return PackageSuggestion.locations + built.map(\.requirement.location) }
            let previous = words[words.count - 2]
            let package = built.first { $0.requirement.location == words[1] || $0.requirement.identity == PackageRequirement(location: words[1], versions: nil).identity }
            if previous == "from" || previous == "exact" {
                return package.map { [$0.resolved] } ?? []
            }
            if let index = words.firstIndex(where: { $0 == "products" || $0 == "product" }), index < words.count - 1 {
                let named = Set(words[(index + 1)...].dropLast())
                return (package?.libraryProducts ?? []).filter { !named.contains($0) }
            }
            return ["from", "exact", "branch", "products"]
        default:
            return []
        }
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        let current = session.packageLibrary.map { PackageSet($0.packages.map(\.requirement)) } ?? PackageSet()
        switch words.first {
        case nil:
            list(session)
        case "add":
            let requirement: PackageRequirement
            do {
                requirement = try PackageRequirement(words: Array(words.dropFirst()), currentDirectory: FileManager.default.currentDirectoryPath)
            } catch {
                throw UsageError(error.description)
            }
            try await use(current.adding(requirement), session: session, naming: requirement.identity)
        case "remove", "rm":
            guard words.count == 2 else { throw UsageError("which package? `package remove NAME` (\(names(session)))") }
            guard let smaller = current.removing(words[1]) else {
                throw UsageError("no package '\(words[1])' in this session\(current.isEmpty ? "" : " (\(names(session)))")")
            }
            try await use(smaller, session: session, naming: nil)
        case let word? where Self.declarationWords.contains(word):
            // Swift's `package` access level: swiftc refuses it too without a package (-package-name).
            throw UsageError("`package \(word)` is Swift's package access level, which needs a package (swiftc asks for -package-name): leave `package` out here")
        case let word?:
            throw UsageError("unknown `package \(word)`: `package add URL`, `package remove NAME` or `package`")
        }
    }

    /// What may follow the `package` access level in a declaration.
    static let declarationWords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension", "typealias", "func",
                                                "let", "var", "static", "final", "init", "subscript", "import", "indirect", "macro"]

    @MainActor
    private func names(_ session: Session) -> String {
        let names = session.packageLibrary?.packages.map(\.requirement.identity) ?? []
        return names.isEmpty ? "none added" : names.joined(separator: ", ")
    }

    /// Builds `set` (or takes it from the cache) and links it into later inputs; nothing changes
    /// when the build fails or is interrupted.
    @MainActor
    private func use(_ set: PackageSet, session: Session, naming added: String?) async throws {
        let console = session.console
        var library: PackageLibrary?
        if !set.isEmpty {
            var build = PackageBuild(environment: ProcessInfo.processInfo.environment)
            let progress = ProgressLine(console: console)
            build.progress = { progress.show($0) }
            build.interrupted = { Interrupt.isPending }
            let outcome = await build.build(set)
            progress.clear()
            switch outcome {
            case .built(let built, let cached):
                library = built
                if !cached, let seconds = progress.seconds { console.line(console.styled("built in \(seconds) s", .dim)) }
            case .failed(let error):
                throw UsageError(error.description)
            case .interrupted:
                Interrupt.clear()
                throw UsageError("interrupted: no package was \(added == nil ? "removed" : "added")")
            }
        }
        let restarted = session.usePackages(library)
        if let added, let package = library?.packages.first(where: { $0.requirement.identity == added }) {
            console.line("added \(console.styled(package.requirement.identity, .bold)) \(package.resolved): "
                + "import \(package.modules.joined(separator: ", "))")
        } else if added == nil {
            console.line("removed; \(library.map { "\($0.packages.count) left" } ?? "no packages left")")
        }
        if restarted {
            console.line(console.styled("the Swift host restarted with the new packages: values of compiled inputs are computed again at the next one", .dim))
        }
    }

    @MainActor
    private func list(_ session: Session) {
        let console = session.console
        guard let packages = session.packageLibrary?.packages, !packages.isEmpty else {
            console.line(console.styled("no packages: `package add URL` adds one (`help package`)", .dim))
            return
        }
        for package in packages {
            console.line(console.styled(package.requirement.identity, .bold) + "  \(package.resolved)  "
                + console.styled("import \(package.modules.joined(separator: ", "))", .dim))
            console.line(console.styled("    package add \(package.requirement.commandLine)", .dim))
        }
    }
}

/// SwiftPM's progress as one line that rewrites itself at a terminal (nothing elsewhere), and how
/// long it showed.
@MainActor
final class ProgressLine {
    let console: Console
    private var started: ContinuousClock.Instant?
    private var shown = false

    init(console: Console) { self.console = console }

    func show(_ text: String) {
        if started == nil { started = .now }
        guard console.isTerminal else { return }
        let width = max(20, TerminalWidth.current() - 1)
        let line = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        console.writeTransient("\r\u{1B}[K" + console.styled(line, .dim))
        console.flush()
        shown = true
    }

    func clear() {
        guard shown else { return }
        console.writeTransient("\r\u{1B}[K")
        console.flush()
        shown = false
    }

    /// Seconds since the first line, when there was one.
    var seconds: String? {
        started.map { String(format: "%.1f", (ContinuousClock.now - $0).inSeconds) }
    }
}
