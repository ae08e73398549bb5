import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `spec`: loading an API's description, and the checks it adds to every send.
extension Workbench {
    /// Loads the document `call` names with `apiDescriptionReader` and says what it holds. Where no
    /// base is set (or `server` is given), the chosen server becomes the base.
    func loadSpec(_ call: SpecCall) async throws(WorkbenchError) {
        defer { console.flush() }
        guard let reader = apiDescriptionReader ?? environment.makeAPIDescriptionReader?() else { throw .noSpecReader }
        let (data, location) = try await specDocument(call.source)
        let description: any APIDescription
        do {
            description = try reader.read(data, from: location)
        } catch {
            throw .specUnreadable(call.source, reason: String(describing: error))
        }
        let servers = description.servers
        if let server = call.server, !servers.indices.contains(server - 1) {
            throw .noSuchServer(server, count: servers.count)
        }
        apiDescription = description
        console.line(description.summary)
        for problem in description.problems { console.line(console.styled("warning:", .yellow) + " " + problem) }
        if call.server != nil || base == nil {
            guard let chosen = servers.indices.contains((call.server ?? 1) - 1) ? servers[(call.server ?? 1) - 1] : nil else {
                console.line("the document names no server: set one with `base URL`")
                return
            }
            try base(chosen)
            console.line("base \(chosen)" + (servers.count > 1 ? " (server \(call.server ?? 1) of \(servers.count); `spec --server N` picks another)" : ""))
        } else if let current = base?.url?.absoluteString {
            console.line("base stays \(current)" + (servers.isEmpty ? "" : "; `spec --server 1` uses the document's"))
        }
    }

    /// The document's bytes and where they came from: a file, an http(s) URL, or `sandbox/NAME`,
    /// which is `/NAME/openapi.json` in this run's sandbox. Fetching is not an exchange: the last
    /// response stays the user's.
    private func specDocument(_ source: String) async throws(WorkbenchError) -> (Data, URL) {
        let text = source.trimmingCharacters(in: .whitespaces)
        let remote: String
        if SandboxAddress.isPortable(text) {
            let name = text.dropFirst("sandbox/".count).split(separator: "/").first.map(String.init) ?? ""
            remote = try sandboxResolved(text.hasSuffix(".json") || text.hasSuffix(".yaml") ? text : "sandbox/\(name)/openapi.json")
        } else if text.hasPrefix("http://") || text.hasPrefix("https://") {
            remote = text
        } else {
            let data = try readFile(text)
            let path = (text as NSString).expandingTildeInPath
            return (data, URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).absoluteURL)
        }
        guard let url = URL(string: remote) else { throw .invalidURL(remote, reason: "not a URL") }
        var urlRequest = URLRequest(url: urlRewriter?(url) ?? url)
        urlRequest.setValue("application/json, application/yaml;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
        let outcome = await transport.start(urlRequest, options: options).finished()
        let response = try Self.response(from: outcome, url: url, options: options)
        guard (200..<300).contains(response.statusCode) else {
            throw .specUnreadable(source, reason: "GET \(url.absoluteString) answered \(response.statusCode)")
        }
        return (response.body, url)
    }

    /// The loaded description's word on a request about to go out: a warning line for its path,
    /// parameters and headers, then one per place its body does not match. It is still sent.
    func warnAboutRequest(method: String, url: URL) {
        guard let apiDescription else { return }
        let headers = request.allHeaders(defaultHeaders: defaultHeaders)
        var warnings = apiDescription.requestWarning(method: method, url: url, headerNames: headers.map(\.name)).map { [$0] } ?? []
        warnings += apiDescription.requestBodyWarnings(method: method, url: url, contentType: headers["Content-Type"], body: request.body?.data)
        for warning in warnings { console.line(console.styled("warning:", .yellow) + " " + warning) }
    }

    /// The loaded description's word on the response just shown, as one warning line.
    func warnAboutResponse(_ exchange: Exchange) {
        guard let apiDescription, let document = currentDocument, let warning = apiDescription.responseWarning(
            method: exchange.method, url: exchange.url, status: exchange.response.statusCode, body: document) else { return }
        console.line(console.styled("warning:", .yellow) + " " + warning)
    }
}
