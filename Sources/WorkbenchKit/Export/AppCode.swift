import Foundation

/// The current request, and the last decode, as a Swift program that uses Foundation alone: the
/// code a reader pastes into an app (`swift` at the prompt). It builds the URL with `URLComponents`
/// and `URLQueryItem`, the request with `URLRequest`, sends it with `URLSession.shared.data(for:)`,
/// checks the status as the tutorials do, and decodes with a `JSONDecoder` set up as the decode was.
public enum AppCode {
    /// This run's sandbox as a program must name it, since its port changes every run: a URL under
    /// `root` is written as the real service's URL it stands in for, or kept with a note where only
    /// the sandbox serves it.
    public struct SandboxStandIn {
        /// This run's sandbox (`http://127.0.0.1:49731`).
        public var root: URL
        /// The real URL for a URL under `root`; nil where the sandbox alone serves it.
        public var realURL: (URL) -> URL?

        public init(root: URL, realURL: @escaping (URL) -> URL?) {
            self.root = root
            self.realURL = realURL
        }
    }

    /// The program for the request `exchange` sent (the one whose body a decode read), whatever
    /// the current request has become since.
    public static func program(for exchange: Exchange, decode: DecodeCall?, declarations: [String],
                               sandbox: SandboxStandIn? = nil) throws(WorkbenchError) -> String {
        var draft = RequestDraft()
        draft.method = exchange.method
        draft.components = URLComponents(url: exchange.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        draft.headers = exchange.requestHeaders  // Content-Type included, as it was sent
        draft.body = exchange.requestBody.map { .json(String(decoding: $0, as: UTF8.self)) }
        return try program(request: draft, defaultHeaders: HeaderList(), decode: decode, declarations: declarations, sandbox: sandbox)
    }

    /// A whole program. `declarations` are the session's types (and functions), as typed;
    /// secrets (`SecretNames`) are read from the environment, as `save` writes them.
    public static func program(request: RequestDraft, defaultHeaders: HeaderList, decode: DecodeCall?,
                               declarations: [String], sandbox: SandboxStandIn? = nil) throws(WorkbenchError) -> String {
        let (url, note) = address(of: try request.url(), sandbox: sandbox)
        var lines = [
            "import Foundation",
            "#if canImport(FoundationNetworking)",
            "import FoundationNetworking  // URLSession on Linux",
            "#endif",
            "",
        ]
        if decode != nil {
            for declaration in declarations { lines += [declaration, ""] }
        }
        lines += note
        lines += urlLines(url, items: request.queryItems)
        lines.append("")
        lines += requestLines(request, defaultHeaders: defaultHeaders)
        lines += [
            "",
            "let (data, response) = try await URLSession.shared.data(for: request)",
            "guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {",
            "    throw URLError(.badServerResponse)",
            "}",
        ]
        if let decode {
            lines += decodeLines(decode)
        } else {
            lines.append("print(String(decoding: data, as: UTF8.self))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the program sends the request: `url`, or for a URL of this run's sandbox the real
    /// service's, else the sandbox's with a note that says what to change.
    private static func address(of url: URL, sandbox: SandboxStandIn?) -> (url: URL, note: [String]) {
        guard let sandbox, SandboxAddress.portable(url.absoluteString, root: sandbox.root.absoluteString.trimmingSuffix("/")) != nil
        else { return (url, []) }
        if let real = sandbox.realURL(url) { return (real, []) }
        return (url, [
            "// Only Workbench's sandbox serves this URL, on a port that changes every run: start it",
            "// with `workbench sandbox --port PORT` and write that PORT in the URL below.",
        ])
    }

    private static func urlLines(_ url: URL, items: [URLQueryItem]) -> [String] {
        var withoutQuery = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        withoutQuery.query = nil
        let text = withoutQuery.string ?? url.absoluteString
        guard !items.isEmpty else { return ["let url = URL(string: \(SwiftLiteral.quoted(text)))!"] }
        var lines = ["var components = URLComponents(string: \(SwiftLiteral.quoted(text)))!", "components.queryItems = ["]
        for item in items {
            let value = item.value.map { valueSource(name: item.name, $0) } ?? "nil"
            lines.append("    URLQueryItem(name: \(SwiftLiteral.quoted(item.name)), value: \(value)),")
        }
        lines += ["]", "let url = components.url!"]
        return lines
    }

    private static func requestLines(_ draft: RequestDraft, defaultHeaders: HeaderList) -> [String] {
        var lines: [String] = []
        if draft.method != "GET" { lines.append("request.httpMethod = \(SwiftLiteral.quoted(draft.method))") }
        for field in draft.allHeaders(defaultHeaders: defaultHeaders) {
            lines.append("request.setValue(\(valueSource(name: field.name, field.value)), forHTTPHeaderField: \(SwiftLiteral.quoted(field.name)))")
        }
        switch draft.body {
        case .json(let text)?: lines.append("request.httpBody = Data(\(SwiftLiteral.quoted(text)).utf8)")
        case .form(let items)?: lines.append("request.httpBody = Data(\(SwiftLiteral.quoted(RequestBody.formEncoded(items))).utf8)")
        case .file(let path, _)?: lines.append("request.httpBody = try Data(contentsOf: URL(fileURLWithPath: \(SwiftLiteral.quoted(path))))")
        case .text(let text)?: lines.append("request.httpBody = Data(\(SwiftLiteral.quoted(text)).utf8)")
        case .multipart(let body)?:
            // Its bytes as they are sent: text when they are text, else Base64.
            if let text = String(validating: body.data, as: UTF8.self) {
                lines.append("request.httpBody = Data(\(SwiftLiteral.quoted(text)).utf8)")
            } else {
                lines.append("request.httpBody = Data(base64Encoded: \(SwiftLiteral.quoted(body.data.base64EncodedString())))!")
            }
        case nil: break
        }
        // `let` when nothing is set on it, so the program compiles without a warning.
        return [(lines.isEmpty ? "let" : "var") + " request = URLRequest(url: url)"] + lines
    }

    /// A header's or query item's value: a literal, or for a secret an environment read.
    private static func valueSource(name: String, _ value: String) -> String {
        SecretNames.isSecret(name) ? SecretNames.environmentRead(for: name) : SwiftLiteral.quoted(value)
    }

    private static func decodeLines(_ call: DecodeCall) -> [String] {
        var lines = ["", "let decoder = JSONDecoder()"]
        if call.options.keys == .convertFromSnakeCase { lines.append("decoder.keyDecodingStrategy = .convertFromSnakeCase") }
        lines += call.options.dates.decoderLines
        var source = "data"
        if let path = call.path, !path.isEmpty {
            // A path `decode` accepted parses; one that does not is left to JSONDecoder on the whole body.
            lines += valueAtPathLines((try? JSONPathStep.parse(path)) ?? [])
            source = "json"
        }
        let name = call.binding?.name ?? valueName(forType: call.type)
        lines += ["let \(name) = try decoder.decode(\(call.type).self, from: \(source))", "print(\(name))"]
        return lines
    }

    /// `decode --at data.items[0]`: the value at the path, as JSON again, through JSONSerialization.
    private static func valueAtPathLines(_ steps: [JSONPathStep]) -> [String] {
        var lines = ["var value = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)"]
        for step in steps {
            switch step {
            case .member(let key): lines.append("value = (value as! [String: Any])[\(SwiftLiteral.quoted(key))]!")
            case .index(let index): lines.append("value = (value as! [Any])[\(index)]")
            }
        }
        lines.append("let json = try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)")
        return lines
    }

    /// `[Post]` → `posts`, `Post` → `post`, `[String: Post]` → `decoded`.
    static func valueName(forType type: String) -> String {
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        let isArray = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") && !trimmed.contains(":")
        let core = isArray ? String(trimmed.dropFirst().dropLast()) : trimmed
        guard let first = core.first, first.isUppercase, core.allSatisfy({ $0.isLetter || $0.isNumber }) else { return "decoded" }
        let name = first.lowercased() + core.dropFirst()
        return isArray ? name + "s" : name
    }
}
