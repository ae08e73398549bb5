import Foundation
import WorkbenchKit

/// `base URL`: the URL every path is relative to.
struct BaseCommand: StatementCommand {
    let forms: [StatementForm] = [.base]
    let name = "base"
    let argumentsMayHoldSecrets = true
    let synopsis = "base URL | base sandbox/NAME"
    let summary = "set the base URL (http/https with a host) the paths are relative to"
    let group = CommandGroup.build
    let help = """
        Sets the base URL; `path /x` is then relative to its path. `sandbox/NAME` is the
        embedded sandbox's API NAME (jsonplaceholder, restcountries/v2, jokes,
        met/public/collection/v1, httpbin). Without an argument, shows the base.

        Examples:
          wb> base sandbox/jsonplaceholder
          wb> base https://api.example.com/v1
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last, RequestCompletion.sandboxBases)
    }

    func run(_ arguments: String, session: Session) async throws {
        guard !arguments.isEmpty else {
            guard let base = session.workbench.base?.string else { throw UsageError("no base URL yet — `base URL` sets one") }
            return session.console.line(base)
        }
        let statements = try statements(arguments)
        try await session.perform(statements)
        session.echoURL(after: statements)
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try CommandWords.atMost(1, arguments, command: "base", what: "URL")
        return words.map { .base($0) }
    }
}
