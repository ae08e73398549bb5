import Foundation

/// `ws`: the session's WebSocket. Messages print as they arrive, numbered; `decode` reads the last.
extension Workbench {
    /// `ws URL`: opens a WebSocket to `target` (`ws://…`, `wss://…`, `sandbox/NAME/PATH`, or a path
    /// from the base) and makes it the session's, closing the one before. The session's default
    /// headers go with the upgrade (an `Authorization` a server checks there).
    public func ws(_ target: String) async throws(WorkbenchError) {
        defer { console.flush() }
        if isCatchingUp { return }
        let (visible, connectTo) = try webSocketAddress(target)
        if let old = webSocket, old.state.isOpen { await old.close(code: 1000, reason: "", timeout: 1) }
        let printer = WebSocketPrinter(console: console, output: asynchronousOutput, bodyLines: bodyLines)
        let started = Date()
        webSocket = try await WebSocketConnection.open(
            url: visible, connectTo: urlRewriter?(connectTo) ?? connectTo, headers: defaultHeaders.fields.map { ($0.name, $0.value) },
            timeout: options.timeout, limit: maxBodyBytes, events: { printer.show($0) })
        let time = Int(Date().timeIntervalSince(started) * 1000)
        console.line(console.styled("WebSocket open", .green) + " · \(visible.absoluteString) · \(time) ms")
        console.line(console.styled("messages print as they arrive: `ws send TEXT`, `ws close`, `decode TYPE` reads the last", .dim))
        console.flush()
        printer.start()
    }

    /// `ws send TEXT`: sends `text` as one text message.
    public func wsSend(_ text: String) throws(WorkbenchError) {
        try sendMessage(Array(text.utf8), isText: true)
    }

    /// `ws send json {…}`: sends `json`, checked first, as one text message.
    public func wsSend(json: String) throws(WorkbenchError) {
        do {
            try JSONValidator.validate(json)
        } catch {
            throw .invalidWebSocketJSON(reason: error.message, line: error.line, column: error.column)
        }
        try sendMessage(Array(json.utf8), isText: true)
    }

    /// `ws send @FILE`: sends the file, as text when it is UTF-8 and as binary otherwise.
    public func wsSend(file path: String) throws(WorkbenchError) {
        let bytes = [UInt8](try readFile(path))
        try sendMessage(bytes, isText: String(validating: bytes, as: UTF8.self) != nil)
    }

    /// `ws close [CODE]`: sends a close frame with `code` and waits for the server's answer.
    public func wsClose(_ code: Int = 1000) async throws(WorkbenchError) {
        defer { console.flush() }
        if isCatchingUp { return }
        let socket = try openWebSocket()
        // RFC 6455, 7.4: the protocol's own codes a close frame may carry, and applications' 3000–4999.
        guard (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code) else {
            throw .invalidWebSocketCloseCode(code)
        }
        await socket.close(code: code, reason: "", timeout: options.timeout, interrupted: interruptRequested)
        console.line(WebSocketPrinter.ending(socket))
    }

    /// `ws wait [N]`: waits until the socket has received N messages in all, or until it closes;
    /// what a replayed snippet needs before it reads what arrived.
    public func wsWait(messages count: Int? = nil) async throws(WorkbenchError) {
        defer { console.flush() }
        if isCatchingUp { return }
        guard let socket = webSocket else { throw .noWebSocket(ended: nil) }
        let started = Date()
        let arrived = await socket.wait(forMessages: count, timeout: options.timeout, interrupted: interruptRequested)
        guard !arrived else { return }
        let received = socket.counts.received
        if !socket.state.isOpen, socket.state != .closing, let count {
            console.line(console.styled("the socket ended after \(received) of \(count) messages", .yellow))
        } else if Date().timeIntervalSince(started) >= options.timeout {
            let what = count.map { "\(received) of \($0) messages" } ?? "the socket still open"
            console.line(console.styled("waited \(WorkbenchError.seconds(options.timeout)): \(what)", .yellow))
        }
    }

    /// Ends the session's socket without a word, as the session itself ends (a replay's last
    /// statement, `quit`): what the server says after that is not the session's.
    public func endWebSocket() {
        webSocket?.abandon()
    }

    /// `ws`: the socket's URL, state and counts.
    public func wsState() throws(WorkbenchError) {
        defer { console.flush() }
        if isCatchingUp { return }
        guard let socket = webSocket else { throw .noWebSocket(ended: nil) }
        console.line(socket.state.isOpen ? "WebSocket \(socket.url.absoluteString) · open · " + WebSocketPrinter.counts(socket)
                                         : WebSocketPrinter.ending(socket))
    }

    private func sendMessage(_ bytes: [UInt8], isText: Bool) throws(WorkbenchError) {
        defer { console.flush() }
        if isCatchingUp { return }
        guard bytes.count <= maxBodyBytes else { throw .fileTooLarge("the message", size: bytes.count, limit: maxBodyBytes) }
        let socket = try openWebSocket()
        // Said first: the answer may be back, and printed, before the send returns.
        console.line(console.styled("→ \(socket.counts.sent + 1) · \(isText ? "text" : "binary") · \(ByteSize.text(bytes.count))", .dim))
        console.flush()
        guard socket.send(bytes, isText: isText) else { throw .noWebSocket(ended: WebSocketPrinter.endingWords(socket.state)) }
    }

    /// Statements run again with recorded answers (the Swift host catching up before a new input,
    /// `save`'s check): the socket is the session's, and is not opened twice; a `decode` of what
    /// it received reads the copy the session recorded.
    private var isCatchingUp: Bool { activeRelay?.isReplaying == true }

    private func openWebSocket() throws(WorkbenchError) -> WebSocketConnection {
        guard let socket = webSocket else { throw .noWebSocket(ended: nil) }
        guard socket.state.isOpen else { throw .noWebSocket(ended: WebSocketPrinter.endingWords(socket.state)) }
        return socket
    }

    /// What a decoded message is recorded as (a `DocumentRead`, its copy in `documentFolder`): the
    /// Swift host, running the `decode` again, reads the copy, as the socket is the REPL's alone.
    static let webSocketMessagePath = "(WebSocket message)"

    /// What any other `decode` of a session with a socket is recorded as: the host, running it
    /// again, then knows not to take a message's copy.
    static let otherDocumentPath = "(not a WebSocket message)"

    private func recordMessageRead(_ bytes: [UInt8]?) {
        guard webSocket != nil, let folder = documentFolder?() else { return }
        // The mark's copy is empty, not nil: the host's relay answers nil for a read it has no record of.
        guard let bytes else { return documentReads.append(DocumentRead(path: Self.otherDocumentPath, copy: "")) }
        let copy = folder.appendingPathComponent("websocket-message-\(UUID().uuidString).json").path
        guard FileManager.default.createFile(atPath: copy, contents: Data(bytes)) else { return }
        documentReads.append(DocumentRead(path: Self.webSocketMessagePath, copy: copy))
    }

    /// What `decode` reads: message `frame` of the socket (`--frame N`), else the current document;
    /// a message is recorded for the Swift host.
    func decodedDocument(frame: Int?) throws(WorkbenchError) -> CurrentDocument {
        if let read = recordedRead() {
            // Recorded again, for this session's own Swift host (`save`'s check has one too).
            documentReads.append(read)
            if read.path == Self.webSocketMessagePath, let copy = read.copy, let document = CurrentDocument.mappingShared(copy: copy) {
                localDocument = (document, exchanges.count)
                return document
            }
            guard let document = currentDocument else { throw .noResponse }
            return document
        }
        guard let frame else {
            guard let document = currentDocument else { throw webSocket == nil ? .noResponse : .noWebSocketMessage }
            let message = document === messageDocument?.document ? webSocket?.messages.last : nil
            recordMessageRead(message?.bytes)
            return document
        }
        guard let socket = webSocket else { throw .noWebSocket(ended: nil) }
        let messages = socket.messages
        guard frame >= 1, frame <= messages.count else { throw .noSuchWebSocketMessage(frame, count: messages.count) }
        recordMessageRead(messages[frame - 1].bytes)
        return CurrentDocument(Data(messages[frame - 1].bytes))
    }

    /// A `decode` run again with recorded answers (the Swift host catching up, `save`'s check):
    /// what the session recorded for it, a message's copy or the mark of anything else.
    private func recordedRead() -> DocumentRead? {
        guard let replaying = activeRelay, replaying.isReplaying else { return nil }
        for path in [Self.otherDocumentPath, Self.webSocketMessagePath] {
            if let copy = replaying.recordedDocument(path: path) { return DocumentRead(path: path, copy: copy) }
        }
        return nil
    }

    /// The last message, when it came after the last response: what `decode` reads then.
    var lastMessageDocument: CurrentDocument? {
        guard let message = webSocket?.messages.last else { return nil }
        if let joined = lastExchangeJoined, joined > message.receivedAt { return nil }
        if let messageDocument, messageDocument.number == message.number { return messageDocument.document }
        let document = CurrentDocument(Data(message.bytes))
        messageDocument = (message.number, document)
        return document
    }

    /// The URL shown (`ws://…`) and the one connected to (`http://…`) for `target`.
    private func webSocketAddress(_ target: String) throws(WorkbenchError) -> (visible: URL, connectTo: URL) {
        var text = target.trimmingCharacters(in: .whitespaces)
        for (socket, http) in [("ws://", "http://"), ("wss://", "https://")] where text.lowercased().hasPrefix(socket) {
            text = http + text.dropFirst(socket.count)
        }
        text = try sandboxResolved(RequestTarget.absolute(text))
        var components: URLComponents
        if RequestTarget.isURL(text) || text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://") {
            components = try RequestDraft.parseURL(text)
        } else {
            guard request.hasHost else { throw .noBase(target) }
            components = request.components
            let (pathPart, queryPart) = Self.splitQuery(text)
            components.path = PathResolution.resolve(pathPart, current: components.path, basePath: basePath)
            components.percentEncodedQuery = queryPart
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https", let connectTo = components.url else {
            throw .invalidURL(target, reason: "a WebSocket URL starts with ws:// or wss://")
        }
        components.scheme = scheme == "https" ? "wss" : "ws"
        return (components.url ?? connectTo, connectTo)
    }
}
