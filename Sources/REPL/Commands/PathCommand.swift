import Foundation
import WorkbenchKit

/// `path P`: the path, relative to the base or the current path.
struct PathCommand: StatementCommand {
    let forms: [StatementForm] = [.path, .showPath]
    let name = "path"
    let argumentsMayHoldSecrets = true
    let synopsis = "path P"
    let summary = "set the path: /x from the base's path, x from the current path, .. up one"
    let group = CommandGroup.build
    let help = """
        `/x` is relative to the base's path, `x` to the current path, `..` goes up one
        segment (never above the base). A `?a=b` part replaces the query items. Without
        an argument, shows the path.

        Examples:
          wb> path /posts
          wb> path 1/comments
          wb> path ..
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last, RequestCompletion.paths(session.workbench))
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try CommandWords.atMost(1, arguments, command: "path", what: "path")
        return [words.first.map { .path($0) } ?? .showPath]
    }
}
