import WorkbenchKit

/// `headers [NAME]`: the last response's headers.
struct HeadersCommand: StatementCommand {
    let forms: [StatementForm] = [.headers]
    let name = "headers"
    let synopsis = "headers [NAME]"
    let summary = "the last response's headers, sorted with canonical names, or one header's values"
    let group = CommandGroup.inspect
    let help = """
        Names compare in any case.

        Examples:
          wb> headers
          wb> headers content-type
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last, let response = session.workbench.lastExchange?.response else { return [] }
        return RequestCompletion.matching(last, response.headers.sortedCanonical.map(\.name), caseInsensitive: true)
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try CommandWords.atMost(1, arguments, command: "headers", what: "name")
        return [.headers(words.first)]
    }
}
