import Foundation
import WorkbenchKit

/// `query NAME=VALUE …`, `query -NAME`, `query`.
struct QueryCommand: StatementCommand {
    let name = "query"
    let synopsis = "query NAME=VALUE … | query -NAME | query"
    let summary = "add query items (a name may repeat), remove them by name, or list them"
    let group = CommandGroup.build
    let help = """
        Adds URLQueryItems, encoded exactly as URLComponents encodes them (quote values
        with spaces). `-NAME` removes every item named NAME; no argument lists them.
        `NAME` alone adds an item with no value.
        Swift: wb.query("userId", "1")   wb.removeQuery("userId")

        Examples:
          wb> query userId=1
          wb> query q='sunflowers in a vase' page=2
          wb> query -page
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last, !last.contains("=") else { return [] }
        let names = RequestCompletion.queryNames(session.workbench)
        if last.hasPrefix("-") { return RequestCompletion.matching(String(last.dropFirst()), names).map { "-" + $0 } }
        return RequestCompletion.matching(last, names).map { $0 + "=" }
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try Arguments.split(arguments)
        if words.isEmpty { return [.showQuery] }
        return try words.map { word in
            if word.hasPrefix("-") {
                guard word.count > 1 else { throw UsageError("'-' needs a name: `query -NAME` removes the items named NAME") }
                return .removeQuery(String(word.dropFirst()))
            }
            guard let equals = word.firstIndex(of: "=") else { return .query(word, nil) }
            let name = String(word[..<equals])
            guard !name.isEmpty else { throw UsageError("query item '\(word)' has no name — write NAME=VALUE") }
            return .query(name, String(word[word.index(after: equals)...]))
        }
    }
}
