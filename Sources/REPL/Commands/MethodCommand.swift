import WorkbenchKit

/// `method M`.
struct MethodCommand: StatementCommand {
    let forms: [StatementForm] = [.method, .showMethod]
    let name = "method"
    let synopsis = "method M"
    let summary = "set the HTTP method (GET, POST, PUT, PATCH, DELETE, HEAD, …)"
    let group = CommandGroup.build
    let help = """
        Sets the method `send` uses: any HTTP token, sent as written (methods are
        case-sensitive); a standard one in lower case (`post`) means POST. Without
        an argument, shows it.

        Examples:
          wb> method post
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last.uppercased(), ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try CommandWords.atMost(1, arguments, command: "method", what: "word")
        return [words.first.map { .method($0) } ?? .showMethod]
    }
}
