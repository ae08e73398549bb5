import Foundation
import ToolProcesses

/// What the Swift host needs from the installation: `swiftc` to compile each input as a library,
/// the `workbench-host` program to load them, and WorkbenchKit as a shared library beside it.
struct HostToolchain {
    let compiler: String
    let host: String
    let kitDirectory: URL

    static let hostProgram = "workbench-host"
    static let kitLibrary = "WorkbenchKitDynamic"
    /// The results column's runtime (Sources/ResultsLog), which the playground transform calls.
    static let resultsLibrary = "ResultsLog"

    /// Finds `swiftc` beside `swift` (`$WORKBENCH_SWIFT`, else on `PATH`), and WorkbenchKit's module
    /// and library and the host program in `kitDirectory`.
    static func discover(kitDirectory: URL, environment: [String: String]) throws(HostSetupError) -> HostToolchain {
        guard let swift = ToolSearch.swift(environment: environment) else { throw .noToolchain }
        let compiler = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("swiftc").path
        let files = FileManager.default
        guard files.isExecutableFile(atPath: compiler) else { throw .noToolchain }
        guard files.fileExists(atPath: kitDirectory.appendingPathComponent("Modules/WorkbenchKit.swiftmodule").path),
              files.fileExists(atPath: kitDirectory.appendingPathComponent("lib\(Self.kitLibrary).so").path)
        else { throw .noKit(kitDirectory.path) }
        let host = kitDirectory.appendingPathComponent(hostProgram).path
        guard files.isExecutableFile(atPath: host) else { throw .noHost(kitDirectory.path) }
        return HostToolchain(compiler: compiler, host: host, kitDirectory: kitDirectory)
    }

    /// Whether ResultsLog's module and library are there (the results column needs them).
    var hasResultsLog: Bool {
        let files = FileManager.default
        return files.fileExists(atPath: kitDirectory.appendingPathComponent("Modules/\(Self.resultsLibrary).swiftmodule").path)
            && files.fileExists(atPath: kitDirectory.appendingPathComponent("lib\(Self.resultsLibrary).so").path)
    }

    /// Where WorkbenchKit's shared library is looked for: `prompt-kit/` beside the running program
    /// (what `make build` makes for its statically linked binary), else beside it (a debug build).
    static var defaultKitDirectory: URL {
        let kit = programDirectory.appendingPathComponent("prompt-kit")
        let library = kit.appendingPathComponent("lib\(kitLibrary).so")
        return FileManager.default.fileExists(atPath: library.path) ? kit : programDirectory
    }

    /// The directory of the running program (a test bundle's build directory for tests).
    static var programDirectory: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// `swiftc` arguments that compile `source` into `library` as module `module`, importing the
    /// earlier inputs' modules from `directory` (their symbols are found in the host when it loads
    /// the library, so they are not linked) and WorkbenchKit.
    func arguments(source: URL, module: String, library: URL, directory: URL, key: HostCompileJobs.Key) -> [String] {
        let kit = kitDirectory.path
        // Dynamic exclusivity checks are off: each check records an access in a per-thread list that
        // the matching end removes, and a trap caught by the host skips the end, leaving a record
        // on a stack that is gone: the next access then looped forever. The compiler's static
        // checks stay, so a conflict it can see is refused as compiled Swift refuses it.
        // Resilient, so that a library's `internal import`s of earlier ones are not loaded by the
        // libraries importing it (Sources/WorkbenchScript/Host/HostImports.swift).
        // One frontend job for the object and the module, and the toolchain's lld: the driver's
        // default runs the frontend twice and links with gold, which took half as long again.
        // The results column's input: the playground transform reports each line's values to ResultsLog.
        let results = key.resultsColumn ? ["-Xfrontend", "-playground", "-l\(Self.resultsLibrary)"] : []
        return [
            "-swift-version", key.languageMode.version, "-Onone", "-enable-testing", "-parse-as-library", "-enforce-exclusivity=unchecked",
            "-wmo", "-no-emit-module-separately-wmo", "-use-ld=lld", "-enable-library-evolution",
            "-emit-library", "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
            "-module-name", module, "-I", directory.path, "-I", kitDirectory.appendingPathComponent("Modules").path,
            "-L", kit, "-l\(Self.kitLibrary)", "-Xlinker", "-rpath", "-Xlinker", kit,
            "-suppress-warnings", "-diagnostic-style", "llvm", "-o", library.path, source.path,
        ] + results + key.modules.flatMap(\.flags) + (key.packages?.flags ?? [])
    }
}

/// Why compiled input cannot run at all: one line naming what is needed.
enum HostSetupError: Error, Equatable, CustomStringConvertible {
    case noToolchain
    case noKit(String)
    case noResultsLog(String)
    case noHost(String)
    case sessionDirectory(String)

    var description: String {
        switch self {
        case .noToolchain:
            "this input needs the Swift compiler, and no Swift toolchain was found: install Swift 6 (`swift` on PATH) or set WORKBENCH_SWIFT to its `swift`"
        case .noKit(let directory):
            "this input needs WorkbenchKit built as a shared library (libWorkbenchKitDynamic.so and Modules/WorkbenchKit.swiftmodule) in \(directory): run `make build` (or `swift build`) in the Workbench package"
        case .noResultsLog(let directory):
            "the results column needs ResultsLog built as a shared library (libResultsLog.so and Modules/ResultsLog.swiftmodule) in \(directory): run `make build` (or `swift build`) in the Workbench package"
        case .noHost(let directory):
            "this input needs the Swift host (workbench-host) in \(directory): run `make build` (or `swift build`) in the Workbench package"
        case .sessionDirectory(let reason):
            "cannot make a private directory for compiled input: \(reason)"
        }
    }
}
