import Foundation

/// The `inspect` commands: status, headers, body, timing, history, show N, curl.
extension Workbench {
    /// `status`: code and reason phrase, then what the status class means.
    public func status() throws(WorkbenchError) {
        defer { console.flush() }
        let response = try lastResponse()
        console.line(statusText(response.statusCode))
        console.line(console.styled(HTTPStatus.classMeaning(response.statusCode), .dim))
        if (300..<400).contains(response.statusCode), let location = response.headers["Location"] {
            console.line("Location: \(location)")
        }
    }

    /// `headers [NAME]`: the last response's headers sorted with canonical names, or NAME's values.
    public func headers(_ name: String? = nil) throws(WorkbenchError) {
        defer { console.flush() }
        let response = try lastResponse()
        if let name {
            let values = response.headers.values(for: name)
            guard !values.isEmpty else { throw .noSuchHeader(name) }
            for value in values { console.line(value) }
            return
        }
        for field in response.headers.sortedCanonical {
            console.line("\(console.styled(field.name, .cyan)): \(field.value)")
        }
    }

    /// `body [--raw] [--all]`: the last body rendered (JSON pretty, text, binary preview), cut after
    /// `bodyLines` unless `all`; `raw` writes it exactly as received.
    public func body(raw: Bool = false, all: Bool = false) throws(WorkbenchError) {
        defer { console.flush() }
        let response = try lastResponse()
        if raw {
            response.body.withUnsafeBytes { console.write(bytes: $0) }
            if response.body.last != UInt8(ascii: "\n") && !response.body.isEmpty { console.write("\n") }
            return
        }
        if response.body.isEmpty { return console.line(console.styled("empty body", .dim)) }
        renderBody(response, all: all, isLast: true)
    }

    /// `body --save FILE`: the last body, exactly as received (decompressed, as `--raw` shows it),
    /// written to `path` (made, or replaced, as curl's `-o` does), and one line that says so.
    public func saveBody(to path: String) throws(WorkbenchError) {
        defer { console.flush() }
        let response = try lastResponse()
        let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do {
            try response.body.write(to: file)
        } catch {
            throw .fileUnwritable(path, reason: Self.writeFailure(error, at: file))
        }
        let type = response.headers.values(for: "Content-Type").first.map { " (\($0))" } ?? ""
        console.line("wrote \(ByteSize.text(response.body.count))\(type) to \(path)")
    }

    /// Why a file could not be written, in a few words: the system's reason, not Foundation's sentence.
    private static func writeFailure(_ error: any Error, at file: URL) -> String {
        var isFolder: ObjCBool = false
        let parent = file.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) || !isFolder.boolValue {
            return "no folder '\(parent)'"
        }
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        return error.localizedDescription
    }

    /// `timing`: when the request left, time to the response headers, to the last byte.
    public func timing() throws(WorkbenchError) {
        defer { console.flush() }
        guard let exchange = lastExchange else { throw .noResponse }
        let timing = exchange.timing
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss.SSS"
        console.line("sent     \(clock.string(from: timing.sentAt))")
        if let headers = timing.headers {
            console.line("headers  \(ByteSize.duration(headers))  " + console.styled("(request start to response headers)", .dim))
            console.line("body     \(ByteSize.duration(timing.total - headers))  " + console.styled("(headers to last byte)", .dim))
        }
        console.line("total    \(ByteSize.duration(timing.total))")
    }

    /// `history`: one line per exchange — number, method, status, size, time, URL — with the sends
    /// that brought no response marked `✗` in their places.
    public func history() {
        defer { console.flush() }
        if exchanges.isEmpty && failedSends.isEmpty { return console.line(console.styled("nothing sent yet", .dim)) }
        let width = String(exchanges.count).count
        func failures(after count: Int) {
            for failed in failedSends where failed.after == count {
                let mark = String(repeating: " ", count: width - 1) + "✗"
                let method = failed.method.padding(toLength: 6, withPad: " ", startingAt: 0)
                let words = console.styled(failed.words, failed.error == .cancelled ? .dim : .red)
                console.line([mark, method, words, failed.url.absoluteString].joined(separator: "  "))
            }
        }
        failures(after: 0)
        for exchange in exchanges {
            defer { failures(after: exchange.number) }
            let number = String(repeating: " ", count: width - String(exchange.number).count) + "\(exchange.number)"
            let columns = [
                number, exchange.method.padding(toLength: 6, withPad: " ", startingAt: 0),
                styledCode(exchange.response.statusCode),
                ByteSize.text(exchange.response.body.count).leftPadded(8),
                ByteSize.duration(exchange.timing.total).leftPadded(7),
                exchange.url.absoluteString + (exchange.offline ? console.styled("  offline", .dim) : ""),
            ]
            console.line(columns.joined(separator: "  "))
        }
    }

    /// `show N`: exchange N again — its method and URL, then the status line and body.
    public func show(_ number: Int) throws(WorkbenchError) {
        defer { console.flush() }
        guard exchanges.indices.contains(number - 1) else { throw .noSuchExchange(number, count: exchanges.count) }
        let exchange = exchanges[number - 1]
        console.line(console.styled(exchange.method, .bold) + " " + exchange.url.absoluteString)
        render(exchange, all: false)
    }

    /// `curl`: the current request as a shell-quoted curl command.
    public func curl() throws(WorkbenchError) {
        defer { console.flush() }
        console.line(try curlCommand())
    }

    /// The current request as a curl command line, without printing it.
    public func curlCommand() throws(WorkbenchError) -> String {
        CurlCommand.render(
            method: request.method, url: try request.url().absoluteString,
            headers: request.allHeaders(defaultHeaders: defaultHeaders), body: request.body, digest: request.digest)
    }

    /// `HTTP 200 OK · application/json · 2.6 KB · 3 ms`, plus `· offline` when the sandbox answered.
    public func statusLine(_ exchange: Exchange) -> String {
        let response = exchange.response
        var parts = [statusText(response.statusCode, prefix: "HTTP ")]
        if let mime = response.mimeType { parts.append(mime) }
        parts.append(ByteSize.text(response.body.count))
        parts.append(ByteSize.duration(exchange.timing.total))
        if exchange.offline { parts.append("offline") }
        return parts.joined(separator: " · ")
    }

    func render(_ exchange: Exchange, all: Bool) {
        console.line(statusLine(exchange))
        noteRedirect(exchange)
        // `set body-lines 0`: the status line only, not even a count of the lines left out.
        guard all || bodyLines > 0 else { return }
        renderBody(exchange.response, all: all, isLast: exchange.number == exchanges.last?.number)
    }

    /// A followed redirect is worth seeing: the body came from somewhere else.
    func noteRedirect(_ exchange: Exchange) {
        guard !exchange.offline, let final = exchange.response.url, final != exchange.url else { return }
        console.line(console.styled("redirected to \(final.absoluteString)", .dim))
    }

    /// The body, cut after `bodyLines` unless `all`; a cut body of the last response says how to see
    /// the rest (`body --all` shows only the last one).
    func renderBody(_ response: Response, all: Bool, isLast: Bool) {
        // With `bodyLines` 0 only `body` gets here: asked for, the body shows as by default.
        let limit = bodyLines > 0 ? bodyLines : Self.defaultBodyLines
        let more = BodyRenderer.write(response.body, mimeType: response.mimeType, limit: all ? nil : limit, to: console)
        guard more > 0 else { return }
        console.line(console.styled(BodyRenderer.moreLinesNote(more, isLast: isLast), .dim))
    }

    func lastResponse() throws(WorkbenchError) -> Response {
        guard let exchange = lastExchange else { throw .noResponse }
        return exchange.response
    }

    private func statusText(_ code: Int, prefix: String = "") -> String {
        console.styled(prefix + "\(code) \(HTTPStatus.reasonPhrase(code))", Self.style(for: code))
    }

    private func styledCode(_ code: Int) -> String {
        console.styled(String(code), Self.style(for: code))
    }

    static func style(for code: Int) -> TextStyle {
        switch code {
        case 200..<300: .green
        case 300..<400: .cyan
        case 400..<500: .yellow
        default: .red
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
