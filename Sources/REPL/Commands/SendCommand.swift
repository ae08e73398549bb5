import WorkbenchKit

/// `send`: sends the current request.
struct SendCommand: StatementCommand {
    let forms: [StatementForm] = [.send]
    let name = "send"
    let synopsis = "send"
    let summary = "send the current request and show the status line and body"
    let group = CommandGroup.send
    let help = """
        Sends the request built so far with URLSession, then prints one status line
        (`HTTP 200 OK · application/json · 2.6 KB · 3 ms`) and the body. Ctrl-C
        cancels it. A 4xx or 5xx is a response, shown in full.

        Examples:
          wb> send
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CommandWords.none(arguments, command: "send")
        return [.send]
    }
}
