import WorkbenchKit

/// `send`: sends the current request.
struct SendCommand: StatementCommand {
    let forms: [StatementForm] = [.send]
    let name = "send"
    var synopsis: String { "send \(options.synopsis) | send NAME|N" }
    static let stream = CommandOption("--stream", help: "show the body as it arrives, whatever its type")
    let options = [Self.stream]
    let summary = "send the current request and show the status line and body"
    let group = CommandGroup.send
    let help = """
        Sends the request built so far with URLSession, then prints one status line
        (`HTTP 200 OK · application/json · 2.6 KB · 3 ms`) and the body. Ctrl-C
        cancels it. A 4xx or 5xx is a response, shown in full.

        A body that streams is shown as it arrives: text/event-stream (each event
        with its id and event fields, then its data), NDJSON (each line), and any
        other body (not JSON) still arriving 300 ms after its head, as it would
        show at the end (text, or binary in hex rows). `--stream` shows any body
        whole as text as it arrives. Ctrl-C then stops the stream and keeps what
        arrived as the response (`body`, and `decode`, which reads an event
        stream as the array of its events' data).
        `send NAME` (or `send N`) sends a request of the .http file `open` read,
        its {{variables}} filled in (`help env`).

        Examples:
          wb> send
          wb> send --stream
        """

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? (options.map(\.name) + session.httpFiles.parsed.requests.compactMap(\.name)).filter { $0.hasPrefix(words[0]) } : []
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try optionWords(arguments)
        if words.operands.count == 1, words.flagCount == 0, let which = words.operands.first { return try await session.sendHTTPRequest(which) }
        try await session.perform(try statements(arguments))
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try optionWords(arguments)
        if let word = words.operands.first { throw UsageError("send takes only \(options.listed), got '\(word)'") }
        return [.send(stream: words.has(Self.stream))]
    }
}
