import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `send` commands: `send`, and `get`/`post`/… that set parts of the request and send it.
extension Workbench {
    /// `send`: sends the current request, prints the status line and the body, records the exchange.
    /// A body that streams (`StreamFormat`), one still arriving a moment after its head, or any body
    /// with `stream`, is shown as it arrives; what follows it is what follows a body shown at the end.
    @discardableResult
    public func send(stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try await send(stream: stream) { [self] exchange in
            render(exchange, all: false)
            warnAboutResponse(exchange)
        }
    }

    /// Sends the current request: a body that streams is shown as it arrives, any other exchange
    /// by `show` (`graphql` shows `data` and its errors), where the answers show at all.
    func send(stream: Bool, show: (Exchange) -> Void) async throws(WorkbenchError) -> Exchange {
        defer { console.flush() }  // a compiled snippet has no loop to flush for it
        let urlRequest = try request.urlRequest(defaultHeaders: defaultHeaders)
        let visibleURL = try request.url()
        // The description's warnings show where the answer shows: a quiet replay (save's check, the
        // host catching up) says nothing, `export markdown` shows both as the session did.
        let shows = showsAnswers
        if shows { warnAboutRequest(method: request.method, url: visibleURL) }
        let display = StreamDisplay(console: console, requested: stream, bodyLines: bodyLines) { [console] head, format in
            Self.streamingLine(head, format: format, console: console)
        }
        let exchange = try await takeExchange(for: urlRequest, visibleURL: visibleURL, observer: display, display: display).exchange
        if display.isStreaming {
            console.line(streamedStatusLine(exchange, display: display))
            noteRedirect(exchange)
            warnAboutResponse(exchange)
        } else if shows {
            show(exchange)
        }
        return exchange
    }

    /// Whether what a send brings back is shown: not in a quiet replay (save's check, the host
    /// catching up), unless the relay shows answers (`export markdown`).
    var showsAnswers: Bool {
        activeRelay?.isReplaying != true || activeRelay?.showsAnswers == true
    }

    /// The exchange for `urlRequest`, joined to the history: in a replay the recorded one (nothing
    /// is sent, `replayed`), else sent with `observer` seeing its body; a failed send is kept in
    /// `failedSends`, and the relay records either.
    func takeExchange(for urlRequest: URLRequest, visibleURL: URL, observer: any BodyObserver,
                      display: StreamDisplay?) async throws(WorkbenchError) -> (exchange: Exchange, replayed: Bool) {
        let exchange: Exchange
        let replayed = activeRelay?.isReplaying == true
        if let relay = activeRelay, replayed {
            exchange = try relay.nextRecorded(for: visibleURL).renumbered(exchanges.count + 1)
        } else {
            do {
                exchange = try await sendOverNetwork(urlRequest, visibleURL: visibleURL, observer: observer, display: display)
            } catch {
                failedSends.append(FailedSend(method: request.method, url: visibleURL, error: error, after: exchanges.count))
                activeRelay?.finished(.failure(error))
                throw error
            }
            activeRelay?.finished(.success(exchange))
        }
        exchanges.append(exchange)
        lastExchangeJoined = Date()
        return (exchange, replayed)
    }

    /// Sends `urlRequest` (through the offline rewriter), waiting with `display`'s spinner and
    /// Ctrl-C, and times it.
    private func sendOverNetwork(_ urlRequest: URLRequest, visibleURL: URL, observer: any BodyObserver,
                                 display: StreamDisplay?) async throws(WorkbenchError) -> Exchange {
        var urlRequest = urlRequest
        bindDigestCredentials(to: visibleURL)
        let rewritten = urlRewriter?(visibleURL)
        if let rewritten { urlRequest.url = rewritten }
        let sentAt = Date()
        // In the Swift host, the session's own requests join the history (SessionRequests): not this one.
        SessionRequests.workbenchSends(urlRequest.url)
        defer { SessionRequests.workbenchFinished(urlRequest.url) }
        // With Digest credentials, a challenge's body is not shown as it arrives: its answer's is.
        let firstObserver: any BodyObserver = request.digest == nil ? observer : DigestChallengeFilter(passingTo: observer)
        var inFlight = transport.start(urlRequest, options: options, cookies: cookieJar, observer: firstObserver)
        var outcome = await finished(inFlight, display: display)
        var response = try Self.response(from: outcome, url: visibleURL, options: options)
        var sentHeaders = request.allHeaders(defaultHeaders: defaultHeaders)
        // A Digest challenge the request has credentials for is answered once, as curl --digest does.
        if let answered = digestAnswer(to: response, for: urlRequest, visibleURL: visibleURL) {
            sentHeaders.set("Authorization", answered.value(forHTTPHeaderField: "Authorization") ?? "")
            SessionRequests.workbenchSends(answered.url)
            defer { SessionRequests.workbenchFinished(answered.url) }
            inFlight = transport.start(answered, options: options, cookies: cookieJar, observer: observer)
            outcome = await finished(inFlight, display: display)
            response = try Self.response(from: outcome, url: visibleURL, options: options)
        }
        let exchange = Exchange(
            number: exchanges.count + 1, method: request.method, url: visibleURL,
            requestHeaders: sentHeaders, requestBody: urlRequest.httpBody,
            response: response,
            timing: Exchange.Timing(
                sentAt: sentAt, headers: outcome.headersReceived.map { $0 - outcome.started },
                total: outcome.finished - outcome.started),
            offline: rewritten != nil)
        return exchange
    }

    /// `get [PATH-OR-URL] [name==value] [Header:value] [field=value] [field:=json] [--stream]`: sets and sends.
    ///
    /// A target (a path as `path` reads it, or a full URL as `url` reads it, `RequestTarget` telling
    /// which: `api.github.com/users` is a URL) starts a fresh query
    /// and body; then `query` items are added, `headers` set, and `json` fields become a JSON body.
    /// `stream` shows the body as it arrives, as `send(stream:)` does.
    @discardableResult
    public func get(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                    headers: KeyValuePairs<String, String> = [:], json: KeyValuePairs<String, JSONField> = [:],
                    stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try await perform("GET", target, query: query, headers: headers, json: json, stream: stream)
    }

    /// `post …`: as `get`, with method POST.
    @discardableResult
    public func post(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                     headers: KeyValuePairs<String, String> = [:], json: KeyValuePairs<String, JSONField> = [:],
                    stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try await perform("POST", target, query: query, headers: headers, json: json, stream: stream)
    }

    /// `put …`: as `get`, with method PUT.
    @discardableResult
    public func put(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                    headers: KeyValuePairs<String, String> = [:], json: KeyValuePairs<String, JSONField> = [:],
                    stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try await perform("PUT", target, query: query, headers: headers, json: json, stream: stream)
    }

    /// `patch …`: as `get`, with method PATCH.
    @discardableResult
    public func patch(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                      headers: KeyValuePairs<String, String> = [:], json: KeyValuePairs<String, JSONField> = [:],
                    stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try await perform("PATCH", target, query: query, headers: headers, json: json, stream: stream)
    }

    /// `delete …`: as `get`, with method DELETE.
    @discardableResult
    public func delete(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                       headers: KeyValuePairs<String, String> = [:], json: KeyValuePairs<String, JSONField> = [:],
                    stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try await perform("DELETE", target, query: query, headers: headers, json: json, stream: stream)
    }

    /// `head …`: as `get`, with method HEAD (no body comes back).
    @discardableResult
    public func head(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                     headers: KeyValuePairs<String, String> = [:]) async throws(WorkbenchError) -> Exchange {
        try await perform("HEAD", target, query: query, headers: headers, json: [:], stream: false)
    }

    func perform(_ method: String, _ target: String?, query: KeyValuePairs<String, String>,
                 headers: KeyValuePairs<String, String>, json: KeyValuePairs<String, JSONField>, stream: Bool) async throws(WorkbenchError) -> Exchange {
        try await perform(
            method, target, query: query.map { URLQueryItem(name: $0.key, value: $0.value) },
            headers: headers.map { HeaderList.Field(name: $0.key, value: $0.value) },
            json: json.map { (name: $0.key, value: $0.value) }, stream: stream)
    }

    /// The verbs with parts built at run time (the REPL's httpie shorthand, the snippet interpreter).
    @discardableResult
    public func perform(_ method: String, _ target: String?, query: [URLQueryItem] = [], headers: [HeaderList.Field] = [],
                        json: [(name: String, value: JSONField)] = [], stream: Bool = false) async throws(WorkbenchError) -> Exchange {
        try prepare(method, target, query: query, headers: headers, json: json)
        return try await send(stream: stream)
    }

    /// Sets the request as a verb does before it sends.
    func prepare(_ method: String, _ target: String?, query: [URLQueryItem], headers: [HeaderList.Field],
                 json: [(name: String, value: JSONField)]) throws(WorkbenchError) {
        // Check everything before changing anything, so a bad argument leaves the request as it was.
        for field in headers { try Self.checkHeader(field.name, field.value) }
        let body = json.isEmpty ? nil : try JSONField.object(json)
        let draft = self.request
        let savedBase = self.base
        do {
            try self.method(method)
            if let target {
                request.body = nil
                request.queryItems = []
                if RequestTarget.isURL(target) { try url(target) } else { try path(target) }
            }
            for item in query { request.queryItems.append(item) }
            for field in headers { request.headers.set(field.name, field.value) }
            if let body { request.body = .json(body) }
        } catch {
            request = draft
            base = savedBase
            throw error
        }
    }

    /// Waits for the request, polling for Ctrl-C and the deadline, with a spinner after ~300 ms.
    ///
    /// The request is awaited here directly and watched by one poller for all of this workbench's
    /// requests (`watchRequests`), not by a child task and a watcher task of its own: for a
    /// request that takes a millisecond, the two tasks and the 20 ms timer each one armed were
    /// much of a `wb.get`'s own cost in a replay (Benchmarks/README.md, figure 2).
    private func finished(_ inFlight: InFlightRequest, display: StreamDisplay?) async -> InFlightRequest.Outcome {
        // Clamped so that a timeout of .infinity or NaN set from Swift cannot trap in the conversion.
        let seconds = options.timeout.isNaN ? 30 : min(max(options.timeout, 0), 1e7)
        var watched = WatchedRequest(inFlight: inFlight, display: display,
                                     deadline: inFlight.started + .milliseconds(Int(seconds * 1000)))
        // The first look is at once, as the request starts; the next ones are the poller's.
        watch(&watched, now: .now)
        watchedRequests.append(watched)
        if requestPoller == nil { requestPoller = Task { @MainActor in await self.watchRequests() } }
        let result = await inFlight.finished()
        // Taken off the list (on the main actor, as the poller runs) before `finish`, so that no
        // tick comes after it.
        watchedRequests.removeAll { $0.inFlight === inFlight }
        display?.finish()
        return result
    }

    /// Polls the requests being waited for, each every 20 ms (80 ms while its spinner shows), until
    /// none is left.
    private func watchRequests() async {
        while !watchedRequests.isEmpty {
            let now = ContinuousClock.now
            for index in watchedRequests.indices where watchedRequests[index].nextLook <= now {
                watch(&watchedRequests[index], now: now)
            }
            guard let next = watchedRequests.lazy.map(\.nextLook).min() else { break }
            // At most 20 ms: a request added while the poller sleeps is looked at as soon as before.
            try? await Task.sleep(until: min(next, now + .milliseconds(20)), clock: .continuous)
        }
        requestPoller = nil
    }

    /// One look at a request: Ctrl-C stops a body that is being shown as it arrives (keeping what
    /// came) and cancels any other request; the deadline is the whole request's, except for a
    /// stream being shown, which only URLSession's idle timeout ends.
    private func watch(_ watched: inout WatchedRequest, now: ContinuousClock.Instant) {
        let inFlight = watched.inFlight
        guard !inFlight.isFinished else {
            watched.nextLook = now + .milliseconds(20)
            return
        }
        let display = watched.display
        // Without a display it is a `wb.events` loop: a stream from the start.
        let streaming = display?.isStreaming ?? true
        if interruptRequested() {
            if streaming { display?.stop() }
            inFlight.cancel(streaming ? .stopped : .interrupted)
        } else if now >= watched.deadline && !streaming {
            inFlight.cancel(.deadline)
        }
        let spins = showsSpinner && now - inFlight.started > .milliseconds(300)
        let frames = WatchedRequest.spinnerFrames
        display?.tick(spinner: spins ? "\(frames[watched.frame % frames.count]) \(ByteSize.duration(now - inFlight.started))" : nil)
        if spins { watched.frame += 1 }
        watched.nextLook = now + .milliseconds(spins ? 80 : 20)
    }

    /// The response, or the error that says why there is none.
    static func response(from outcome: InFlightRequest.Outcome, url: URL, options: TransportOptions) throws(WorkbenchError) -> Response {
        let timeout = options.timeout
        switch outcome.cancelReason {
        case .interrupted: throw .cancelled
        case .stopped:
            // Ctrl-C ended a stream being shown: what arrived is the response.
            if let response = outcome.response { return Response(response, body: outcome.data) }
            throw .cancelled
        case .deadline: throw .timedOut(seconds: timeout, url: url.absoluteString)
        case .tooLarge(let declared): throw .responseTooLarge(limit: options.maxResponseBytes, url: url.absoluteString, declared: declared)
        case nil: break
        }
        if let error = outcome.error {
            if let failure = outcome.authFailureResponse { return Response(failure, body: outcome.data) }
            throw .transport(error, url: url.absoluteString, timeout: timeout)
        }
        guard let response = outcome.response else {
            throw .transportFailure(TransportFailure(cause: .emptyReply, code: URLError.badServerResponse.rawValue), url: url.absoluteString)
        }
        return Response(response, body: outcome.data)
    }
}
