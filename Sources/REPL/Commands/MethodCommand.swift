import WorkbenchKit

/// `method M`.
struct MethodCommand: Command {
    let name = "method"
    let synopsis = "method M"
    let summary = "set the HTTP method (GET, POST, PUT, PATCH, DELETE, HEAD, …)"
    let group = CommandGroup.build
    let help = """
        Sets the method `send` uses; any HTTP token is accepted, upper-cased. Without
        an argument, shows it.
        Swift: try wb.method("POST")

        Examples:
          wb> method post
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last.uppercased(), ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        guard let method = words.first else { return session.console.line(session.workbench.request.method) }
        guard words.count == 1 else { throw UsageError("method takes one word, got '\(arguments)'") }
        try session.workbench.method(method)
    }
}
