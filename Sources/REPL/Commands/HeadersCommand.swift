import WorkbenchKit

/// `headers [NAME]`: the last response's headers.
struct HeadersCommand: Command {
    let name = "headers"
    let synopsis = "headers [NAME]"
    let summary = "the last response's headers, sorted with canonical names, or one header's values"
    let group = CommandGroup.inspect
    let help = """
        Names compare in any case.
        Swift: try wb.headers()   try wb.headers("Content-Type")

        Examples:
          wb> headers
          wb> headers content-type
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last, let response = session.workbench.lastExchange?.response else { return [] }
        return RequestCompletion.matching(last, response.headers.sortedCanonical.map(\.name), caseInsensitive: true)
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        guard words.count <= 1 else { throw UsageError("headers takes at most one name, got '\(arguments)'") }
        try session.workbench.headers(words.first)
    }
}
