import Foundation
import SwiftPackages
import ToolProcesses

/// The jobs `swiftc` runs to compile an input into a library (the frontend, autolink-extract, the
/// linker), read once per session from `swiftc -###` and then run directly: the driver's own
/// start-up was a fifth of a small input's compile. Any doubt
/// about the plan (a double quote or backslash in it, a shape other than those three jobs) leaves
/// the driver in charge.
struct HostCompileJobs {
    /// What a plan depends on besides the toolchain.
    struct Key: Hashable {
        let languageMode: SwiftLanguageMode
        let modules: [LinkedModule]
        let packages: PackageLibrary?
        /// Compiled with the playground transform and ResultsLog (the results column).
        let resultsColumn: Bool
    }

    /// The module name the plan is made for, replaced by each input's.
    static let templateModule = "__wb_template"
    /// Each job's program and arguments, for `templateModule`.
    let jobs: [[String]]
    /// The driver's temporary folder in the plan (its object and autolink files), replaced by
    /// `scratch`, a folder of the session directory.
    let plannedScratch: String
    let scratch: URL

    /// The driver's plan, kept from an earlier session (`CompilePlanCache`) or asked for; nil when
    /// it cannot be read.
    static func plan(_ toolchain: HostToolchain, directory: URL, key: Key, environment: [String: String]) async -> HostCompileJobs? {
        let module = templateModule
        let arguments = ["-###"] + toolchain.arguments(source: directory.appendingPathComponent("\(module).swift"), module: module,
                                                       library: directory.appendingPathComponent("lib\(module).so"), directory: directory, key: key)
        // A playground's `Sources/` module lies in a folder made for that run (PlaygroundWorkFolder):
        // a plan naming it would never be read again, so it is not kept.
        let cache = key.modules.isEmpty
            ? CompilePlanCache(compiler: toolchain.compiler, arguments: arguments, directory: directory.path, environment: environment)
            : nil
        if let kept = cache?.read(), let jobs = read(kept, directory: directory) { return jobs }
        guard let ran = try? await ToolRun.run(toolchain.compiler, arguments, environment: environment),
              ran.status == 0, let jobs = read(ran.output, directory: directory) else { return nil }
        cache?.write(ran.output)
        return jobs
    }

    /// The jobs of `plan` (the driver's `-###` output) compiling into `directory`; nil for any shape
    /// but the three jobs expected.
    private static func read(_ plan: String, directory: URL) -> HostCompileJobs? {
        let module = templateModule
        let lines = plan.split(separator: "\n")
        let jobs = lines.compactMap { words(String($0)) }
        guard jobs.count == 3, jobs.count == lines.count, jobs[0].first?.hasSuffix("/swift-frontend") == true,
              jobs[2].contains(directory.appendingPathComponent("lib\(module).so").path),
              let planned = jobs.joined().lazy.compactMap(temporaryFolder).first
        else { return nil }
        let scratch = directory.appendingPathComponent("__wb_jobs")
        guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil else { return nil }
        return HostCompileJobs(jobs: jobs, plannedScratch: planned, scratch: scratch)
    }

    /// The jobs for `module`.
    func jobs(for module: String) -> [[String]] {
        jobs.map { job in
            job.map { $0.replacingOccurrences(of: plannedScratch, with: scratch.path)
                .replacingOccurrences(of: Self.templateModule, with: module) }
        }
    }

    /// Removes the intermediate files of `module`'s compile.
    func clean(_ module: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        for name in files where name.hasPrefix(module + "-") { try? FileManager.default.removeItem(at: scratch.appendingPathComponent(name)) }
    }

    /// A line of `-###` as its words: separated by spaces, a word with a space in single quotes;
    /// nil for anything else.
    static func words(_ line: String) -> [String]? {
        guard !line.contains("\""), !line.contains("\\") else { return nil }
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            switch character {
            case "'": quoted.toggle(); started = true
            case " " where !quoted:
                if started { words.append(word) }
                word = ""
                started = false
            default: word.append(character); started = true
            }
        }
        guard !quoted else { return nil }
        if started { words.append(word) }
        return words.isEmpty ? nil : words
    }

    /// `/tmp/TemporaryDirectory.ab12Cd` when `word` lies in such a folder (where the driver puts
    /// its intermediate files).
    private static func temporaryFolder(_ word: String) -> String? {
        let path = word.hasPrefix("@") ? String(word.dropFirst()) : word
        guard let range = path.range(of: "/TemporaryDirectory.") else { return nil }
        let end = path[range.upperBound...].firstIndex(of: "/") ?? path.endIndex
        return String(path[path.startIndex..<end])
    }
}
