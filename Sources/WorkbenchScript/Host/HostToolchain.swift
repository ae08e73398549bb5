import Foundation

/// What the Swift host needs from the installation: `swiftc` to compile each input as a library,
/// the `workbench-host` program to load them, and WorkbenchKit as a shared library beside it.
struct HostToolchain {
    let compiler: String
    let host: String
    let kitDirectory: URL

    static let hostProgram = "workbench-host"

    static func discover(kitDirectory: URL, environment: [String: String]) throws(CompiledSetupError) -> HostToolchain {
        guard let swift = Toolchain.swiftExecutable(environment: environment) else { throw .noToolchain }
        let compiler = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("swiftc").path
        let files = FileManager.default
        guard files.isExecutableFile(atPath: compiler) else { throw .noToolchain }
        guard files.fileExists(atPath: kitDirectory.appendingPathComponent("Modules/WorkbenchKit.swiftmodule").path),
              files.fileExists(atPath: kitDirectory.appendingPathComponent("lib\(Toolchain.kitLibrary).so").path)
        else { throw .noKit(kitDirectory.path) }
        let host = kitDirectory.appendingPathComponent(hostProgram).path
        guard files.isExecutableFile(atPath: host) else { throw .noHost(kitDirectory.path) }
        return HostToolchain(compiler: compiler, host: host, kitDirectory: kitDirectory)
    }

    /// `swiftc` arguments that compile `source` into `library` as module `module`, importing the
    /// earlier inputs' modules from `directory` (their symbols are found in the host when it loads
    /// the library, so they are not linked) and WorkbenchKit.
    func arguments(source: URL, module: String, library: URL, directory: URL, languageMode: SwiftLanguageMode,
                   modules: [LinkedModule] = []) -> [String] {
        let kit = kitDirectory.path
        // Dynamic exclusivity checks are off: each check records an access in a per-thread list that
        // the matching end removes, and a trap caught by the host skips the end, leaving a record
        // on a stack that is gone: the next access then looped forever. The compiler's static
        // checks stay, so a conflict it can see is refused as compiled Swift refuses it.
        // Resilient, so that a library's `internal import`s of earlier ones are not loaded by the
        // libraries importing it (Sources/WorkbenchScript/Host/HostImports.swift).
        // One frontend job for the object and the module, and the toolchain's lld: 0.44 → 0.27 s for
        // a small input here (the driver's default runs the frontend twice and links with gold).
        return [
            "-swift-version", languageMode.version, "-Onone", "-enable-testing", "-parse-as-library", "-enforce-exclusivity=unchecked",
            "-wmo", "-no-emit-module-separately-wmo", "-use-ld=lld", "-enable-library-evolution",
            "-emit-library", "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
            "-module-name", module, "-I", directory.path, "-I", kitDirectory.appendingPathComponent("Modules").path,
            "-L", kit, "-l\(Toolchain.kitLibrary)", "-Xlinker", "-rpath", "-Xlinker", kit,
            "-suppress-warnings", "-diagnostic-style", "llvm", "-o", library.path, source.path,
        ] + modules.flatMap(\.flags)
    }
}
