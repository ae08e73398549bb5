import Foundation
import ToolProcesses

/// `swiftc -###`'s answer kept between sessions (`UserCache`, `plans/`): the driver's plan depends
/// only on the toolchain, its arguments and the driver's own environment variables, and asking it
/// was a noticeable part of each session's first compiled input. The session's
/// directory is kept as a placeholder, so any session reads the plan another one asked for.
struct CompilePlanCache {
    private static let placeholder = "@@WORKBENCH_SESSION_DIRECTORY@@"

    private struct Kept: Codable {
        /// What the plan was asked with (the file's name is a hash of it): compared on reading.
        let key: String
        let plan: String
    }

    private let file: URL
    private let key: String
    private let directory: String

    /// The plan of `compiler` with `arguments` (which name the session's `directory`).
    init(compiler: String, arguments: [String], directory: String, environment: [String: String]) {
        // The driver reads SWIFT_DRIVER_*_EXEC and SDKROOT; the temporary folder in the plan is
        // replaced by each session (HostCompileJobs), so TMPDIR is not part of it.
        let variables = environment.filter { $0.key.hasPrefix("SWIFT_") || $0.key == "SDKROOT" }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        key = ([UserCache.toolchainIdentity(compiler), compiler] + variables + ["--"]
               + arguments.map { Self.replacing(directory, with: Self.placeholder, in: $0) })
            .joined(separator: "\n")
        file = UserCache.folder("plans", environment: environment).appendingPathComponent(UserCache.name(for: key) + ".json")
        self.directory = directory
    }

    /// The kept plan, for this session's directory; nil when none is kept for exactly this key.
    func read() -> String? {
        guard let data = try? Data(contentsOf: file), let kept = try? JSONDecoder().decode(Kept.self, from: data),
              kept.key == key else { return nil }
        return Self.replacing(Self.placeholder, with: directory, in: kept.plan)
    }

    /// Keeps `plan` (written whole or not at all: sessions read it at any time).
    func write(_ plan: String) {
        let kept = Kept(key: key, plan: Self.replacing(directory, with: Self.placeholder, in: plan))
        guard let data = try? JSONEncoder().encode(kept) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    /// `text` with `path` replaced where it is a whole path or a folder of one: after the start, a
    /// space, `=`, `@` or a quote, and before the end, `/`, a space, a quote or a line's end (a
    /// directory `/s` is not the `/s` of `/usr/bin/swift-frontend`).
    static func replacing(_ path: String, with replacement: String, in text: String) -> String {
        guard !path.isEmpty else { return text }
        let before: Set<Character> = [" ", "=", "@", "'", "\n"], after: Set<Character> = ["/", " ", "'", "\n"]
        var result = ""
        var rest = text[...]
        while let found = rest.range(of: path) {
            let opens = found.lowerBound == text.startIndex || before.contains(text[text.index(before: found.lowerBound)])
            let closes = found.upperBound == text.endIndex || after.contains(text[found.upperBound])
            result += rest[..<found.lowerBound]
            result += opens && closes ? replacement : String(rest[found])
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
