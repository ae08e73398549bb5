import WorkbenchKit

/// `ws URL`, `ws send …`, `ws close [CODE]`, `ws wait [N]`, `ws`: the session's WebSocket.
struct WebSocketCommand: StatementCommand {
    let forms: [StatementForm] = [.webSocket, .webSocketSend, .webSocketSendJSON, .webSocketSendFile, .webSocketClose,
                                  .webSocketWait, .webSocketState]
    let name = "ws"
    let synopsis = "ws URL | ws send TEXT | ws send json {…} | ws send @FILE | ws close [CODE] | ws wait [N] | ws"
    let summary = "open a WebSocket, send messages, wait for them, close it; `ws` alone shows its state"
    let group = CommandGroup.send
    let help = """
        `ws URL` opens a WebSocket (`ws://…`, `wss://…`, `sandbox/NAME/PATH`, or a path from the
        base) and makes it the session's; the session's default headers go with the upgrade.
        Messages print above the prompt as they arrive, numbered (`← 2 · JSON · 41 B`): JSON
        pretty-printed, text as text, binary in hex. `decode TYPE` reads the last one while no
        request was sent after it. Pings are answered; how the socket ends is one line.
        `ws send TEXT` sends a text message (the rest of the line, as typed); `ws send json {…}`
        checks the JSON first; `ws send @FILE` sends a file (binary unless it is UTF-8).
        `ws wait N` waits until N messages have arrived in all (`ws wait`: until the server
        closes), as a replayed snippet needs before it reads them; `ws close [CODE]` closes
        (1000 by default) and waits for the server's answer.

        Examples:
          wb> ws sandbox/httpbin/ws/echo
          wb> ws send hello
          wb> ws send json {"op": "subscribe", "channel": "ticks"}
          wb> ws sandbox/httpbin/ws/ticker?count=3&interval=0.5
          wb> ws wait 3
          wb> ws close
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last, ["send", "close", "wait", "sandbox/httpbin/ws/echo", "sandbox/httpbin/ws/ticker"])
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let first = arguments.prefix { $0 != " " }
        let rest = String(arguments.dropFirst(first.count).drop { $0 == " " })
        switch first {
        case "": return [.webSocketState]
        case "send":
            guard !rest.isEmpty else { throw UsageError("ws send needs a message: `ws send TEXT`, `ws send json {…}` or `ws send @FILE`") }
            if rest.hasPrefix("json ") || rest == "json" {
                let json = String(rest.dropFirst("json".count).drop { $0 == " " })
                guard !json.isEmpty else { throw UsageError("ws send json needs JSON: `ws send json {\"n\": 1}`") }
                return [.webSocketSendJSON(json)]
            }
            if rest.hasPrefix("@"), rest.count > 1, !rest.contains(" ") { return [.webSocketSendFile(String(rest.dropFirst()))] }
            return [.webSocketSend(rest)]
        case "close", "wait":
            var number: Int?
            if !rest.isEmpty {
                guard let given = Int(rest), given >= 0 else {
                    throw UsageError(first == "close" ? "'\(rest)' is not a close code: `ws close 1000`" : "'\(rest)' is not a number of messages: `ws wait 3`")
                }
                number = given
            }
            return [first == "close" ? .webSocketClose(number) : .webSocketWait(number)]
        default:
            guard rest.isEmpty else { throw UsageError("ws takes one URL, got '\(arguments)' (send, close and wait are its other words)") }
            return [.webSocket(String(first))]
        }
    }
}
