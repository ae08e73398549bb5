import Foundation

/// The `build` commands: base, path, query, header, method, body, url FULL, reset. They print nothing.
extension Workbench {
    /// `base URL`: an http(s) URL with a host (or a host first, `RequestTarget`), or `sandbox/NAME`
    /// for the sandbox's API NAME.
    /// Resets the path to the base's and the query to the base's own items.
    public func base(_ url: String) throws(WorkbenchError) {
        let text = try sandboxResolved(RequestTarget.absolute(url.trimmingCharacters(in: .whitespaces)))
        var components = try RequestDraft.parseURL(text)
        components.path = components.path.trimmingSuffix("/")
        base = components
        request.components = components
    }

    /// `path P`: `/x` from the base's path, `x` from the current path, `..` up one (never above the base).
    /// A `?query` part replaces the query items.
    public func path(_ path: String) throws(WorkbenchError) {
        guard request.hasHost else { throw .noBase(path) }
        let (pathPart, queryPart) = Self.splitQuery(path)
        let current = request.components.path
        let resolved = PathResolution.resolve(pathPart, current: current, basePath: basePath)
        // Without a `%` there is nothing to decode (and Foundation's decoding is a copy through CFString).
        request.components.path = resolved.utf8.contains(UInt8(ascii: "%")) ? resolved.removingPercentEncoding ?? resolved : resolved
        if let queryPart { request.queryItems = Self.queryItems(queryPart) }
    }

    /// `path`: prints the current path.
    public func path() {
        defer { console.flush() }
        console.line(request.components.path.isEmpty ? "/" : request.components.path)
    }

    /// `query NAME=VALUE`: sets the item named `name`, replacing every item of that name (in the
    /// place of the first), as refining a search expects; encoded as URLComponents encodes it.
    public func query(_ name: String, _ value: String?) {
        let item = URLQueryItem(name: name, value: value)
        guard let first = request.queryItems.firstIndex(where: { $0.name == name }) else {
            return request.queryItems.append(item)
        }
        var items = request.queryItems.enumerated().filter { $0.offset == first || $0.element.name != name }.map(\.element)
        items[first] = item
        request.queryItems = items
    }

    /// `query NAME+=VALUE`: adds another item named `name` after the others (`ids=1&ids=2`).
    public func addQuery(_ name: String, _ value: String?) {
        request.queryItems.append(URLQueryItem(name: name, value: value))
    }

    /// `query -NAME`: removes every item named `name`.
    public func removeQuery(_ name: String) {
        request.queryItems.removeAll { $0.name == name }
    }

    /// `query`: lists the query items, decoded, one per line.
    public func query() {
        defer { console.flush() }
        if request.queryItems.isEmpty { return console.line(console.styled("no query items", .dim)) }
        for item in request.queryItems {
            console.line(item.value.map { "\(item.name)=\($0)" } ?? item.name)
        }
    }

    /// `header NAME: VALUE`: sets a header on this request (replacing one of the same name).
    public func header(_ name: String, _ value: String) throws(WorkbenchError) {
        try Self.checkHeader(name, value)
        request.headers.set(name, value)
    }

    /// `header -NAME`: removes the header from the request and from the default headers.
    public func removeHeader(_ name: String) {
        request.headers.remove(name)
        defaultHeaders.remove(name)
    }

    /// `header --default NAME: VALUE`: a header sent with every request, kept by `reset()`.
    public func defaultHeader(_ name: String, _ value: String) throws(WorkbenchError) {
        try Self.checkHeader(name, value)
        defaultHeaders.set(name, value)
    }

    /// `header`: lists the headers the next request sends, defaults marked.
    public func header() {
        defer { console.flush() }
        let all = request.allHeaders(defaultHeaders: defaultHeaders)
        if all.isEmpty { return console.line(console.styled("no headers (URLSession adds Accept, Accept-Encoding, User-Agent)", .dim)) }
        for field in all {
            let isDefault = request.headers[field.name] == nil && defaultHeaders[field.name] != nil
            let isImplied = request.headers[field.name] == nil && defaultHeaders[field.name] == nil
            let note = isDefault ? "  (default)" : isImplied ? "  (from the body)" : ""
            console.line("\(console.styled(field.name, .cyan)): \(field.value)" + console.styled(note, .dim))
        }
    }

    /// `method M`: any HTTP token, sent as written (methods are case-sensitive, and a pasted
    /// `curl -X wHat` sends `wHat`); one of the standard methods typed in lower case (`post`) is
    /// upper-cased, as `method post` means POST.
    public func method(_ method: String) throws(WorkbenchError) {
        guard HeaderList.isValidName(method) else { throw .invalidMethod(method) }
        let standard = ["get", "head", "post", "put", "patch", "delete", "options", "trace", "connect"]
        request.method = standard.contains(method) ? method.uppercased() : method
    }

    /// `body JSON`: a JSON body (checked; the error says the line and column where it breaks).
    public func body(json: String) throws(WorkbenchError) {
        request.body = .json(try RequestBody.validatedJSON(json))
    }

    /// `body @FILE`: the file's bytes as the body, read now (no larger than `max-body`).
    public func body(file path: String) throws(WorkbenchError) {
        request.body = .file(path: path, data: try readFile(path))
    }

    /// A body sent as it is, with the Content-Type the request's headers give (a pasted curl line's).
    public func body(text: String) {
        request.body = .text(text)
    }

    /// A `multipart/form-data` body, as curl's `-F` sends: `name: "value"` a text field,
    /// `name: "@PATH"` (or `"@PATH;type=TYPE"`) a file, read now (no larger than `max-body`).
    public func multipart(_ fields: KeyValuePairs<String, String>) throws(WorkbenchError) {
        try multipart(fields: fields.map { ($0.key, $0.value) })
    }

    /// `multipart` with fields built at run time.
    public func multipart(fields: [(name: String, value: String)]) throws(WorkbenchError) {
        request.body = .multipart(MultipartBody(parts: try MultipartBody.parts(fields) { path throws(WorkbenchError) in try readFile(path) }))
    }

    /// `body --form a=b c=d`: an `application/x-www-form-urlencoded` body.
    public func form(_ fields: KeyValuePairs<String, String>) {
        form(items: fields.map { URLQueryItem(name: $0.key, value: $0.value) })
    }

    /// `body --form` with fields built at run time.
    public func form(items: [URLQueryItem]) {
        request.body = .form(items)
    }

    /// `body --clear`: no body.
    public func removeBody() {
        request.body = nil
    }

    /// `url FULL-URL`: parses a whole URL into the current request's components. When its scheme,
    /// host or port differ from the base's, its origin becomes the base. `sandbox/NAME/…` is the
    /// sandbox's URL, as for `base`; unless the base is already inside it, `sandbox/NAME` becomes
    /// the base (all the sandbox's APIs share one origin, so a later `/path` stays in that API).
    public func url(_ full: String) throws(WorkbenchError) {
        let text = full.trimmingCharacters(in: .whitespaces)
        if SandboxAddress.isPortable(text) {
            let components = try RequestDraft.parseURL(try sandboxResolved(text))
            let resolved = components.url?.absoluteString ?? ""
            let baseURL = base?.url?.absoluteString.trimmingSuffix("/")
            let insideBase = baseURL.map { resolved == $0 || resolved.hasPrefix($0 + "/") || resolved.hasPrefix($0 + "?") } ?? false
            if !insideBase {
                let api = text.prefix { $0 != "?" && $0 != "#" }.split(separator: "/").prefix(2).joined(separator: "/")
                try base(api)
            }
            request.components = components
            return
        }
        let components = try RequestDraft.parseURL(RequestTarget.absolute(text))
        if base?.scheme != components.scheme || base?.host != components.host || base?.port != components.port {
            var origin = URLComponents()
            origin.scheme = components.scheme
            origin.host = components.host
            origin.port = components.port
            base = origin
        }
        request.components = components
    }

    /// `reset`: a fresh GET to the base, without query, headers or body; default headers stay.
    public func reset() {
        request = RequestDraft()
        if let base { request.components = base }
    }

    var basePath: String { base?.path ?? "" }

    /// `sandbox/NAME/…` as this run's sandbox URL (`http://127.0.0.1:PORT/NAME/…`); other text as it is.
    func sandboxResolved(_ text: String) throws(WorkbenchError) -> String {
        guard SandboxAddress.isPortable(text) else { return text }
        guard let sandboxURL else { throw .noSandbox }
        return sandboxURL.absoluteString.trimmingSuffix("/") + text.dropFirst("sandbox".count)
    }

    static func checkHeader(_ name: String, _ value: String) throws(WorkbenchError) {
        guard HeaderList.isValidName(name) else { throw .invalidHeaderName(name) }
        guard HeaderList.isValidValue(value) else { throw .invalidHeaderValue(name: name) }
    }

    static func splitQuery(_ text: String) -> (path: String, query: String?) {
        guard let mark = text.firstIndex(of: "?") else { return (text, nil) }
        return (String(text[..<mark]), String(text[text.index(after: mark)...]))
    }

    /// Items of a query string as URLComponents reads them (percent escapes decoded). A `%` that
    /// does not start an escape (two hex digits) is a percent sign: URLComponents traps on a query
    /// with a malformed escape, and `100%` or `%zz` typed at the prompt must not end the session.
    static func queryItems(_ query: String) -> [URLQueryItem] {
        var components = URLComponents()
        components.percentEncodedQuery = escapingStrayPercents(query)
            .addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.union(["%"]))
        return components.queryItems ?? []
    }

    static func escapingStrayPercents(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var escaped = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            escaped.append(scalar)
            guard scalar == "%" else { continue }
            let startsEscape = index + 2 < scalars.count
                && scalars[index + 1].properties.isASCIIHexDigit && scalars[index + 2].properties.isASCIIHexDigit
            if !startsEscape { escaped.append(contentsOf: "25".unicodeScalars) }
        }
        return String(escaped)
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
