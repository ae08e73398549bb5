import Foundation
import WorkbenchKit

/// `path P`: the path, relative to the base or the current path.
struct PathCommand: Command {
    let name = "path"
    let synopsis = "path P"
    let summary = "set the path: /x from the base's path, x from the current path, .. up one"
    let group = CommandGroup.build
    let help = """
        `/x` is relative to the base's path, `x` to the current path, `..` goes up one
        segment (never above the base). A `?a=b` part replaces the query items. Without
        an argument, shows the path.
        Swift: wb.path("/posts")

        Examples:
          wb> path /posts
          wb> path 1/comments
          wb> path ..
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last, RequestCompletion.paths(session.workbench))
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        guard let path = words.first else { return session.workbench.path() }
        guard words.count == 1 else { throw UsageError("path takes one path, got \(words.count) words: '\(arguments)' (quote spaces)") }
        try session.workbench.path(path)
        session.requestChanged()
    }
}
