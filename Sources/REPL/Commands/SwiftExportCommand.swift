import Foundation
import Sandbox
import SwiftPackages
import WorkbenchKit
import WorkbenchScript

/// `export swift` (its old name `swift` kept): the current request and the last decode as a
/// program that uses Foundation alone — the step from exploring an API to app code (`AppCode`
/// writes it). Its help page is `help export`, since `help swift` is about Swift at the prompt.
struct SwiftExportCommand: Command {
    let name = "swift"
    let synopsis = "swift"
    let summary = "the old name of `export swift`: the last request and decode as Swift app code"
    let group = CommandGroup.snippets
    let isListed = false
    let help = """
        The same as `export swift`, which `help export` describes.
        Swift: none (it prints Swift that does not need Workbench)

        Examples:
          wb> swift
        """

    func run(_ arguments: String, session: Session) async throws {
        try CommandWords.none(arguments, command: name)
        session.console.write(try Self.program(of: session))
        session.console.flush()
    }

    /// What `export swift` prints (and `export playground` puts on its page).
    @MainActor
    static func program(of session: Session) throws -> String {
        let steps = session.transcript.steps
        let decode = steps.reversed().lazy.compactMap { step -> DecodeCall? in
            if case .statement(.decode(let call)) = step.kind { return call }
            return nil
        }.first
        let declarations = TranscriptSnippet(name: "app", description: nil, steps: steps, sandboxURL: nil).declarations
        // With a decode, the request whose body it read (the last exchange), not what the request
        // being built has become since; without one, the request being built.
        // A sandbox URL is written as the real service's, offline or not: the sandbox's port is this run's.
        let sandbox = session.sandboxURL.map { root in
            AppCode.SandboxStandIn(root: root, realURL: { OfflineRouting.realURL(for: $0, sandbox: root) })
        }
        let program = if let decode, let exchange = session.workbench.lastExchange {
            try AppCode.program(for: exchange, decode: decode, declarations: declarations, sandbox: sandbox)
        } else {
            try AppCode.program(request: session.workbench.request, defaultHeaders: session.workbench.defaultHeaders,
                                decode: decode, declarations: declarations, sandbox: sandbox)
        }
        return packageLines(session) + program
    }

    /// The session's packages, as the lines a Package.swift needs (none without packages).
    @MainActor
    private static func packageLines(_ session: Session) -> String {
        let packages = session.packageLibrary?.packages.map(\.requirement) ?? []
        guard !packages.isEmpty else { return "" }
        return PackageSet(packages).manifestNeeds(for: "this code with the session's packages").joined(separator: "\n") + "\n"
    }
}
