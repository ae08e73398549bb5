import Foundation

/// Fills in an `.http` file's `{{…}}`, as both clients do: a file variable (`@host = …`, which may
/// use others), the chosen environment's (`http-client.env.json`, with its `$shared` ones), a
/// system variable (`{{$guid}}`, `{{$uuid}}`, `{{$random.uuid}}`, `{{$timestamp}}`,
/// `{{$randomInt MIN MAX}}`, `{{$processEnv NAME}}`, `{{$dotenv NAME}}`), or a named request's
/// response (`{{login.response.body.$.token}}`, `{{login.response.headers.Location}}`).
public struct HTTPFileVariables: Sendable {
    /// A named request's last response, for references to it.
    public struct Response: Sendable {
        public var body: Data
        public var headers: [(name: String, value: String)]

        public init(body: Data, headers: [(name: String, value: String)]) {
            self.body = body
            self.headers = headers
        }
    }

    public var file: [(name: String, value: String)]
    public var environment: [String: String]
    /// The environment's variables that came from the private file: secrets.
    public var secretNames: Set<String> = []
    /// A `.env` file's variables beside the `.http` file (`{{$dotenv NAME}}`).
    public var dotenv: [String: String]
    public var processEnvironment: [String: String]
    public var responses: [String: Response]

    public init(file: [(name: String, value: String)] = [], environment: [String: String] = [:], dotenv: [String: String] = [:],
                processEnvironment: [String: String] = ProcessInfo.processInfo.environment, responses: [String: Response] = [:]) {
        self.file = file
        self.environment = environment
        self.dotenv = dotenv
        self.processEnvironment = processEnvironment
        self.responses = responses
    }

    /// What cannot be filled in, in one line.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// `text` with every `{{…}}` filled in; the first that cannot be is the error.
    public func fill(_ text: String) throws(Failure) -> String {
        var secret: String?
        return try fill(text, depth: 0, secret: &secret)
    }

    /// `fill`, and the first secret (`secretNames`) the text used, directly or through a file variable.
    public func fillNotingSecrets(_ text: String) throws(Failure) -> (text: String, secret: String?) {
        var secret: String?
        let filled = try fill(text, depth: 0, secret: &secret)
        return (filled, secret)
    }

    private func fill(_ text: String, depth: Int, secret: inout String?) throws(Failure) -> String {
        guard depth < 10 else { throw Failure(description: "variables that refer to each other in a circle: \(text)") }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw Failure(description: "'{{' without its '}}' in '\(text)'")
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            result += try value(of: name, depth: depth, secret: &secret)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    private func value(of name: String, depth: Int, secret: inout String?) throws(Failure) -> String {
        if name.hasPrefix("$") { return try system(name) }
        if let variable = file.last(where: { $0.name == name }) { return try fill(variable.value, depth: depth + 1, secret: &secret) }
        if let value = environment[name] {
            if secretNames.contains(name), secret == nil { secret = name }
            return try fill(value, depth: depth + 1, secret: &secret)
        }
        if let dot = name.firstIndex(of: "."), let response = responses[String(name[..<dot])] {
            return try reference(String(name[name.index(after: dot)...]), in: response, name: String(name[..<dot]))
        }
        if let dot = name.firstIndex(of: "."), name[name.index(after: dot)...].hasPrefix("response.") {
            throw Failure(description: "{{\(name)}}: request '\(name[..<dot])' has not been sent in this session — send it first")
        }
        throw Failure(description: "unknown variable {{\(name)}} — set it with `@\(name) = …` in the file, or in the environment (`env`)")
    }

    private func system(_ name: String) throws(Failure) -> String {
        let words = name.split(separator: " ").map(String.init)
        switch words[0] {
        case "$guid", "$uuid", "$random.uuid" where words.count == 1: return UUID().uuidString.lowercased()
        case "$timestamp" where words.count == 1: return String(Int(Date().timeIntervalSince1970))
        case "$guid", "$uuid", "$random.uuid", "$timestamp":
            throw Failure(description: "{{\(name)}}: \(words[0]) takes nothing after it here (an offset such as `-1 d` is not taken)")
        case "$randomInt":
            guard words.count == 3, let low = Int(words[1]), let high = Int(words[2]), low < high else {
                throw Failure(description: "{{\(name)}}: write {{$randomInt MIN MAX}}, MIN below MAX")
            }
            return String(Int.random(in: low..<high))
        case "$processEnv", "$dotenv":
            guard words.count == 2 else { throw Failure(description: "{{\(name)}}: write {{\(words[0]) NAME}}") }
            let source = words[0] == "$dotenv" ? dotenv : processEnvironment
            guard let value = source[words[1]] else {
                throw Failure(description: "{{\(name)}}: \(words[1]) is not set \(words[0] == "$dotenv" ? "in the .env file beside the .http file" : "in the environment")")
            }
            return value
        default: throw Failure(description: "unknown system variable {{\(name)}} — $guid, $uuid, $timestamp, $randomInt MIN MAX, $processEnv NAME and $dotenv NAME are known")
        }
    }

    /// `response.body.$.a.b[0]`, `response.body.*` (the whole body) or `response.headers.NAME`.
    private func reference(_ path: String, in response: Response, name: String) throws(Failure) -> String {
        if path.hasPrefix("response.headers.") {
            let header = String(path.dropFirst("response.headers.".count))
            guard let value = response.headers.first(where: { $0.name.lowercased() == header.lowercased() })?.value else {
                throw Failure(description: "{{\(name).\(path)}}: the response of '\(name)' has no \(header) header")
            }
            return value
        }
        guard path.hasPrefix("response.body.") else {
            throw Failure(description: "{{\(name).\(path)}}: write \(name).response.body.$.PATH or \(name).response.headers.NAME")
        }
        let query = String(path.dropFirst("response.body.".count))
        if query == "*" { return String(decoding: response.body, as: UTF8.self) }
        guard let document = try? JSONDocument(parsing: response.body) else {
            throw Failure(description: "{{\(name).\(path)}}: the response of '\(name)' is not JSON")
        }
        let found: JSONNode
        do {
            found = try document.root.node(at: query)
        } catch {
            throw Failure(description: "{{\(name).\(path)}}: \(error.message) in the response of '\(name)'")
        }
        // A string is its text; anything else the JSON it is, as both clients fill it in.
        if let text = found.string { return text }
        return String(decoding: document.bytes[found.byteRange], as: UTF8.self)
    }
}
