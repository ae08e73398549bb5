import WorkbenchKit

/// `curl`: the current request as a curl command (named so as not to clash with WorkbenchKit's `CurlCommand`).
struct CurlCommandLine: Command {
    let name = "curl"
    let synopsis = "curl"
    let summary = "the current request as a correctly shell-quoted curl command"
    let group = CommandGroup.inspect
    let help = """
        Method, URL, every header that would be sent (defaults included) and the body,
        quoted for sh/bash/zsh. After a send it is the request just sent.
        Swift: try wb.curl()

        Examples:
          wb> curl
        """

    func run(_ arguments: String, session: Session) async throws {
        guard arguments.isEmpty else { throw UsageError("curl takes no arguments, got '\(arguments)'") }
        try session.workbench.curl()
    }
}
