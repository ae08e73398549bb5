import Foundation
import SwiftPackages

/// A snippet's packages (its header's `// Package:` lines, README.md "Packages"): built, or taken
/// from the cache, before its first statement runs.
extension SnippetReplay {
    /// Links the script's packages into `runner`; the outcome to end the replay with when they
    /// cannot be built (one line printed) or the build was interrupted.
    func linkPackages(into runner: SnippetRunner) async -> Outcome? {
        guard !script.packages.isEmpty else { return nil }
        var build = PackageBuild(environment: ProcessInfo.processInfo.environment)
        var told = false
        let console = self.console
        let name = script.fileName
        build.progress = { _ in
            guard !told else { return }
            told = true
            console.line(console.styled("building \(name)'s packages (cached for later replays)…", .dim))
            console.flush()
        }
        build.interrupted = interrupted
        switch await build.build(PackageSet(script.packages)) {
        case .built(let library, _):
            _ = runner.usePackages(library)
            return nil
        case .failed(let error):
            console.failure("error: \(name): \(error)")
            return Outcome(stepsRun: 0, failures: 1, stopped: false)
        case .interrupted:
            return Outcome(stepsRun: 0, failures: 0, stopped: true)
        }
    }
}
