import Foundation
import WorkbenchKit

/// `query NAME=VALUE …`, `query NAME+=VALUE`, `query -NAME`, `query`.
struct QueryCommand: StatementCommand {
    let forms: [StatementForm] = [.query, .addQuery, .removeQuery, .showQuery]
    let name = "query"
    let argumentsMayHoldSecrets = true
    let synopsis = "query NAME=VALUE … | query NAME+=VALUE | query -NAME | query"
    let summary = "set query items (replacing that name), add one more, remove by name, or list them"
    let group = CommandGroup.build
    let help = """
        Sets URLQueryItems, encoded exactly as URLComponents encodes them (quote values with
        spaces). NAME=VALUE replaces the items named NAME, so a refined search replaces the
        last one; NAME+=VALUE adds another (`ids=1&ids=2`), as does a name repeated in one
        command. `-NAME` removes every item named NAME; no argument lists them. `NAME`
        alone sets an item with no value.

        Examples:
          wb> query q=sunflowers
          wb> query q='sunflowers in a vase' page=2
          wb> query ids=1 ids+=2
          wb> query -page
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last else { return [] }
        let fromSpec = RequestCompletion.specArguments(last, path: nil, method: nil, workbench: session.workbench, query: "=")
            .filter { !$0.hasSuffix(":") }
        if last.contains("=") { return fromSpec }
        let names = (session.workbench.openAPISpec == nil ? [] : fromSpec.map { String($0.dropLast()) }) + RequestCompletion.queryNames(session.workbench)
        if last.hasPrefix("-") { return RequestCompletion.matching(String(last.dropFirst()), names).map { "-" + $0 } }
        return RequestCompletion.matching(last, names).map { $0 + "=" }
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try Arguments.split(arguments)
        if words.isEmpty { return [.showQuery] }
        // A name already set by this command is added to, so `query ids=1 ids=2` keeps both.
        var named: Set<String> = []
        return try words.map { word in
            if word.hasPrefix("-") {
                guard word.count > 1 else { throw UsageError("'-' needs a name: `query -NAME` removes the items named NAME") }
                return .removeQuery(String(word.dropFirst()))
            }
            guard let equals = word.firstIndex(of: "=") else {
                return named.insert(word).inserted ? .query(word, nil) : .addQuery(word, nil)
            }
            let value = String(word[word.index(after: equals)...])
            if word[..<equals].hasSuffix("+") {
                let name = String(word[..<word.index(before: equals)])
                guard !name.isEmpty else { throw UsageError("query item '\(word)' has no name — write NAME+=VALUE") }
                named.insert(name)
                return .addQuery(name, value)
            }
            let name = String(word[..<equals])
            guard !name.isEmpty else { throw UsageError("query item '\(word)' has no name — write NAME=VALUE") }
            return named.insert(name).inserted ? .query(name, value) : .addQuery(name, value)
        }
    }
}
