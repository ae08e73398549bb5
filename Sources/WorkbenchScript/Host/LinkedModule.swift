import Foundation
import ToolProcesses

/// A module compiled apart from the inputs (a playground's `Sources/`): every input imports it and
/// links it, in the host (the results column's inputs too), as a playground page imports its
/// bundle's sources (docs/playgrounds.md).
public struct LinkedModule: Sendable, Hashable {
    public let name: String
    /// Holds `NAME.swiftmodule` and `libNAME.so`.
    public let directory: URL

    /// `swiftc` flags that find and link it into a library the host loads (which finds it through its rpath).
    var flags: [String] { ["-I", directory.path, "-L", directory.path, "-l\(name)", "-Xlinker", "-rpath", "-Xlinker", directory.path] }

    var importLine: String { "import \(name)" }

    /// Compiles `files` into module `name` in `directory`, as Xcode compiles a playground's
    /// `Sources/`: apart from the page, in the page's language mode, with only its `public`
    /// declarations visible to the page. FoundationNetworking is imported implicitly (a Mac's
    /// Foundation has URLSession in it). A compile error is one line, its file named from `base`.
    public static func compile(_ files: [URL], name: String, into directory: URL, relativeTo base: URL,
                               languageMode: SwiftLanguageMode,
                               environment: [String: String] = ProcessInfo.processInfo.environment) async throws(ModuleCompileError) -> LinkedModule {
        guard let swift = ToolSearch.swift(environment: environment) else { throw ModuleCompileError("error: no Swift toolchain on PATH") }
        let compiler = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("swiftc").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ModuleCompileError("error: cannot make \(directory.path): \(error.localizedDescription)")
        }
        let arguments = ["-swift-version", languageMode.version, "-parse-as-library", "-emit-library", "-emit-module",
                         "-module-name", name, "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
                         "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                         "-use-ld=lld", "-suppress-warnings", "-diagnostic-style", "llvm",
                         "-o", directory.appendingPathComponent("lib\(name).so").path] + files.map(\.path)
        let ran: ToolRun.Outcome
        do {
            ran = try await ToolRun.run(compiler, arguments, environment: environment)
        } catch {
            throw ModuleCompileError("error: cannot start the Swift compiler: \(error)")
        }
        guard ran.status != 0 else { return LinkedModule(name: name, directory: directory) }
        throw ModuleCompileError(firstError(ran.errors, base: base))
    }

    /// `error: Sources/Helpers.swift:12:5: cannot find 'x' in scope` from the compiler's output.
    static func firstError(_ output: String, base: URL) -> String {
        let prefix = base.standardizedFileURL.path + "/"
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: ": error: ") else { continue }
            var place = String(line[..<marker.lowerBound])
            if place.hasPrefix(prefix) { place.removeFirst(prefix.count) }
            return "error: \(place): \(line[marker.upperBound...])"
        }
        let first = output.split(separator: "\n").first.map(String.init) ?? "the Swift compiler failed"
        return first.hasPrefix("error:") ? first : "error: " + first
    }
}

/// A module that did not compile, as one line.
public struct ModuleCompileError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
