import Foundation

/// The environments beside an `.http` file: `http-client.env.json` (JetBrains' format, which VS
/// Code's REST Client users keep too: `{"dev": {"host": "…"}, "$shared": {…}}`), and a `.env`
/// file's `NAME=value` lines for `{{$dotenv NAME}}`.
public struct HTTPEnvironments: Sendable, Equatable {
    public static let fileName = "http-client.env.json"
    /// Where secrets go in both clients: its variables are merged over the public file's, and are
    /// each environment's `secrets`.
    public static let privateFileName = "http-client.private.env.json"

    /// Each environment's variables, `$shared` ones under them, the private file's over both.
    public var environments: [String: [String: String]]
    /// The names of each environment's variables that came from the private file.
    public var secrets: [String: Set<String>]
    public var dotenv: [String: String]

    public init(environments: [String: [String: String]] = [:], secrets: [String: Set<String>] = [:], dotenv: [String: String] = [:]) {
        self.environments = environments
        self.secrets = secrets
        self.dotenv = dotenv
    }

    /// The names, in order.
    public var names: [String] { environments.keys.sorted() }

    /// What cannot be read, in one line.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The environments in `folder`; none when it has no such files.
    public static func load(from folder: URL) throws(Failure) -> HTTPEnvironments {
        var loaded = HTTPEnvironments()
        let manager = FileManager.default
        var shared: [String: String] = [:]
        if let data = manager.contents(atPath: folder.appendingPathComponent(fileName).path) {
            (loaded.environments, shared) = try environments(in: data, file: fileName)
        }
        if let data = manager.contents(atPath: folder.appendingPathComponent(privateFileName).path) {
            // Its `$shared` goes under every environment of either file, its own over that.
            let (secret, secretShared) = try environments(in: data, file: privateFileName)
            for name in Set(loaded.environments.keys).union(secret.keys) {
                let variables = secretShared.merging(secret[name] ?? [:]) { _, own in own }
                loaded.environments[name, default: shared].merge(variables) { _, own in own }
                loaded.secrets[name] = Set(variables.keys)
            }
        }
        if let data = manager.contents(atPath: folder.appendingPathComponent(".env").path) {
            loaded.dotenv = dotenv(in: String(decoding: data, as: UTF8.self))
        }
        return loaded
    }

    /// A file's environments, each with the file's `$shared` variables under its own, and those.
    static func environments(in data: Data, file fileName: String) throws(Failure) -> (named: [String: [String: String]], shared: [String: String]) {
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw Failure(description: "\(fileName) is not JSON: \(syntaxReason(data))")
        }
        guard let top = object as? [String: Any] else { throw Failure(description: "\(fileName) is not a JSON object of environments") }
        var shared: [String: String] = [:]
        var environments: [String: [String: String]] = [:]
        for (name, value) in top {
            guard let variables = value as? [String: Any] else {
                throw Failure(description: "\(fileName): environment '\(name)' is not an object of variables")
            }
            var texts: [String: String] = [:]
            for (variable, value) in variables { texts[variable] = text(of: value) }
            if name == "$shared" { shared = texts } else { environments[name] = texts }
        }
        return (environments.mapValues { shared.merging($0) { _, own in own } }, shared)
    }

    /// A variable's value as it is filled in: a string's text, anything else its JSON.
    private static func text(of value: Any) -> String {
        if let text = value as? String { return text }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Where the JSON breaks, as `body` says it.
    private static func syntaxReason(_ data: Data) -> String {
        do {
            _ = try JSONDocument(parsing: data)
            return "it does not read as JSON"
        } catch {
            return error.description
        }
    }

    /// `NAME=value` lines (a value may be quoted; `#` lines are comments).
    static func dotenv(in text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "export ", with: "")
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            values[name] = value
        }
        return values
    }
}
