import Foundation

extension SwiftHost {
    /// Readies the first compiled input while the user reads the banner and types: starts the host
    /// program and compiles an empty library with the inputs' own imports and flags, which fills the
    /// compiler's module cache (in a new `HOME` that is most of a first input's 1.6-2 s). Nothing
    /// waits for it: an input compiled meanwhile shares the cache, each module built under a lock.
    /// Does nothing where the host cannot run; its failure is the first input's to report.
    public func warmUp() {
        guard warming == nil, (try? prepare()) != nil, let directory, let toolchain else { return }
        _ = ensureProcess()
        let module = "__wb_warm_up"
        let source = directory.file("\(module).swift")
        let empty = HostLibrary(number: 0, catchUp: [], input: nil, imports: [], showsResults: false,
                                languageMode: configuration.languageMode)
        guard (try? Data(empty.program.source.text).write(to: source)) != nil else { return }
        let arguments = toolchain.arguments(source: source, module: module, library: directory.file("lib\(module).so"),
                                            directory: directory.url,
                                            key: HostCompileJobs.Key(languageMode: configuration.languageMode, modules: [], packages: nil, resultsColumn: false))
        warming = try? ChildProcess(executable: toolchain.compiler, arguments: arguments, environment: configuration.environment)
    }

    /// Reaps the warm-up compiler once it has ended; `stopping` ends it first.
    func endWarmUp(stopping: Bool) {
        guard let warming else { return }
        if stopping { warming.killGroup() }
        if warming.exitStatus(wait: stopping) != nil { self.warming = nil }
    }
}
