import Foundation
import WorkbenchScript

/// `NAME|PATH …` and the options of `ReplayOption.all`, shared by the `replay` command and
/// `workbench replay`: what to replay and how. Its rules are checked in one place, `problem`, for
/// both.
public struct ReplayRequest {
    /// The snippets, replayed one after the other (a playground replays alone).
    public var targets: [String]
    public var step = false
    public var check = false
    /// Show the source with the results column (the snippet compiled as a playground).
    public var results = false
    public var directory: String?
    /// Where to write a JUnit XML report and a TAP report of the run (nil: none).
    public var junit: String?
    public var tap: String?

    public init(targets: [String], step: Bool = false, check: Bool = false, results: Bool = false, directory: String? = nil,
                junit: String? = nil, tap: String? = nil) {
        self.targets = targets
        self.step = step
        self.check = check
        self.results = results
        self.directory = directory
        self.junit = junit
        self.tap = tap
    }

    /// The words typed after `replay`. There is no shell at the prompt, so a word with `*`, `?` or
    /// `[` that names files is those files, as a shell expands it (`replay Snippets/*.swift`).
    init(words: [String]) throws {
        self.init(targets: [])
        let given = try OptionWords(words, options: ReplayOption.all.map(\.option), command: "replay")
        targets = given.operands.flatMap(Self.expanded)
        for option in ReplayOption.all {
            switch option.target {
            case .flag(let flag): self[keyPath: flag] = given.has(option.option)
            case .value(let value): self[keyPath: value] = given.value(option.option)
            }
        }
        if let problem { throw UsageError(problem) }
    }

    /// Why these options do not go together, or nil when they do.
    public var problem: String? {
        guard !targets.isEmpty else { return "which snippet? `replay NAME` (`snippets` lists them)" }
        if targets.count > 1, let playground = targets.first(where: Self.isPlayground) {
            return "a playground replays alone: `replay \(playground)`"
        }
        if targets.count > 1, let notebook = targets.first(where: NotebookFile.isNotebook) {
            return "a notebook replays alone: `replay \(notebook)`"
        }
        if isNotebook && (step || results) { return "a notebook's cells replay unattended, without a results column: drop \(step ? "--step" : "--results")" }
        if isNotebook && directory != nil { return "--dir finds snippets by name; give the notebook's path instead" }
        guard writesReports else { return nil }
        if isPlayground { return "--junit and --tap report snippets, not a playground" }
        if step { return "--junit and --tap report a replay that runs unattended; drop --step" }
        if results { return "--junit and --tap report statements, not the results column; drop --results" }
        if let junit, let tap, ReportFile.sameFile(junit, tap) { return "--junit and --tap need two different files" }
        return nil
    }

    /// Whether a JUnit or TAP report is asked for.
    public var writesReports: Bool { junit != nil || tap != nil }

    /// The one target, for a playground (which replays alone).
    public var target: String { targets[0] }

    /// Whether the target is an Xcode playground bundle (`NAME.playground`).
    public var isPlayground: Bool { targets.count == 1 && Self.isPlayground(target) }

    static func isPlayground(_ target: String) -> Bool {
        var path = target
        while path.hasSuffix("/") { path.removeLast() }
        return path.hasSuffix(".playground")
    }

    /// The file a target names: `NAME` in the snippets folder, anything else a path.
    func file(for target: String) -> URL {
        SnippetsFolder.file(for: target, directory: SnippetsFolder.directory(directory))
    }

    /// A snippet parsed; a missing file or a syntax error is one line.
    public func load(_ target: String) throws -> SnippetScript {
        let file = file(for: target)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw UsageError("no snippet '\(target)': \(SnippetsFolder.display(file)) does not exist (`snippets` lists them)")
        }
        return try SnippetScript.load(file)
    }

    /// The files a word with a wildcard matches, sorted as a shell sorts them; the word itself
    /// when it has none or matches nothing (as a shell leaves it).
    static func expanded(_ word: String) -> [String] {
        guard word.contains(where: { "*?[".contains($0) }) else { return [word] }
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob((word as NSString).expandingTildeInPath, 0, nil, &matches) == 0 else { return [word] }
        let paths = (0..<Int(matches.gl_pathc)).compactMap { matches.gl_pathv[$0].map { String(cString: $0) } }
        return paths.isEmpty ? [word] : paths
    }
}
