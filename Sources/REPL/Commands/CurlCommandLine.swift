import WorkbenchKit

/// `curl`: the current request as a curl command (named so as not to clash with WorkbenchKit's `CurlCommand`).
struct CurlCommandLine: StatementCommand {
    let forms: [StatementForm] = [.curl]
    let name = "curl"
    let synopsis = "curl"
    let summary = "the current request as a correctly shell-quoted curl command"
    let group = CommandGroup.inspect
    let help = """
        Method, URL, every header that would be sent (defaults included) and the body,
        quoted for sh/bash/zsh. After a send it is the request just sent. Also
        `export curl` (`help export`).

        Examples:
          wb> curl
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CommandWords.none(arguments, command: "curl")
        return [.curl]
    }
}
