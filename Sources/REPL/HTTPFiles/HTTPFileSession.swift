import Foundation
import WorkbenchKit

/// The `.http` file `open` read, its environments, the one `env use` chose, and the responses of
/// its named requests that later requests refer to (`{{login.response.body.$.token}}`).
struct HTTPFileSession {
    var file: URL?
    var parsed = HTTPFile()
    var environments = HTTPEnvironments()
    var environment: String?
    var responses: [String: HTTPFileVariables.Response] = [:]

    /// The values of every environment's secrets: a handout hides them wherever they show
    /// (a response that echoes the request), as `***`.
    var secretValues: [String] {
        environments.secrets.flatMap { name, secrets in secrets.compactMap { environments.environments[name]?[$0] } }
            .filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret value as `***`.
    func hidingSecrets(in text: String) -> String {
        secretValues.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// Reads `path` and the environments beside it.
    static func read(_ path: String) throws -> (url: URL, file: HTTPFile, environments: HTTPEnvironments) {
        let url = URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw WorkbenchError.fileNotFound(path) }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(path) is not UTF-8 text") }
        let file: HTTPFile
        do {
            file = try HTTPFile(parsing: text)
        } catch {
            throw UsageError("\(url.lastPathComponent) \(error)")
        }
        do {
            return (url, file, try HTTPEnvironments.load(from: url.deletingLastPathComponent()))
        } catch {
            throw UsageError(error.description)
        }
    }

    /// The URL filled in part by part: a secret only as the value of a query item whose name says
    /// it is one.
    /// A secret-named item is taken out of the URL and added after it (`.addQuery`), as `save`
    /// then writes its value as an environment read; the others stay in the URL as written.
    static func filledURL(_ url: String, fill: (String, String, Bool) throws -> String) throws -> [WorkbenchStatement] {
        guard let question = url.firstIndex(of: "?") else { return [.url(try fill(url, "the URL", false))] }
        let base = try fill(String(url[..<question]), "the URL's path", false)
        let items = url[url.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (name: String(item), value: nil as String?) }
            return (name: String(item[..<equals]), value: String(item[item.index(after: equals)...]))
        }
        var kept: [String] = []
        var secret: [WorkbenchStatement] = []
        for item in items {
            let name = try fill(item.name, "a query item's name", false)
            let decodedName = name.removingPercentEncoding ?? name
            guard let value = item.value else {
                kept.append(name)
                continue
            }
            let filled = try fill(value, "the value of query item \(name)", SecretNames.isSecret(decodedName))
            if SecretNames.isSecret(decodedName) {
                secret.append(.addQuery(decodedName, filled.removingPercentEncoding ?? filled))
            } else {
                kept.append(name + "=" + filled)
            }
        }
        return [.url(kept.isEmpty ? base : base + "?" + kept.joined(separator: "&"))] + secret
    }

    /// The request `which` names: a request's name, else its number in the file.
    func request(_ which: String) throws -> (number: Int, request: HTTPFile.Request) {
        let requests = parsed.requests
        if let index = requests.firstIndex(where: { $0.name == which }) { return (index + 1, requests[index]) }
        if let number = Int(which) {
            guard requests.indices.contains(number - 1) else {
                throw UsageError("no request \(number) in \(file?.lastPathComponent ?? "the .http file"): it has \(requests.count)")
            }
            return (number, requests[number - 1])
        }
        let names = requests.compactMap(\.name)
        throw UsageError("no request named '\(ErrorLine.echo(which))' in \(file?.lastPathComponent ?? "the .http file")"
                         + (names.isEmpty ? " (its requests have no names: give a number)" : " (there are: \(names.joined(separator: ", ")))"))
    }

    /// What fills in `{{…}}` now: the file's variables, the chosen environment's, the named responses.
    var variables: HTTPFileVariables {
        var variables = HTTPFileVariables(file: parsed.variables, environment: environment.flatMap { environments.environments[$0] } ?? [:],
                                          dotenv: environments.dotenv, responses: responses)
        variables.secretNames = environment.flatMap { environments.secrets[$0] } ?? []
        return variables
    }

    /// `Authorization: Digest USER PASSWORD` and `Authorization: Basic USER PASSWORD` (or
    /// `USER:PASSWORD`), as both clients write credentials: Digest's answer the challenge, as
    /// `curl --digest -u` does; Basic's are encoded as the header sends them. Nil for any other
    /// header, and for a Basic value encoded already.
    static func authorization(_ name: String, _ value: String) -> WorkbenchStatement? {
        guard name.lowercased() == "authorization" else { return nil }
        let words = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let scheme = words.first?.lowercased() else { return nil }
        if scheme == "digest", words.count == 3 { return .digestAuth(words[1], password: words[2]) }
        guard scheme == "basic" else { return nil }
        let credentials: String
        switch words.count {
        case 3: credentials = words[1] + ":" + words[2]
        case 2 where words[1].contains(":"): credentials = words[1]
        default: return nil
        }
        return .header("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString())
    }

    /// `path` when no file is there, else the first of `NAME-1.EXT`, `NAME-2.EXT` … that is free:
    /// where `>> FILE` writes, keeping what an earlier run wrote.
    static func unusedName(_ path: String) -> String {
        let files = FileManager.default
        guard files.fileExists(atPath: path) else { return path }
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let stem = url.deletingPathExtension().path
        var number = 1
        while true {
            let candidate = stem + "-\(number)" + (ext.isEmpty ? "" : "." + ext)
            if !files.fileExists(atPath: candidate) { return candidate }
            number += 1
        }
    }

    /// `request` as the statements that send it, every `{{…}}` filled in first: nothing is sent
    /// when one cannot be (one line names it). A secret (a variable of the private environment
    /// file) may only be the value of a header or query item whose name says it is one
    /// (`Authorization`, `api_key`: SecretNames), which history, `save` and `export` write as an
    /// environment read: anywhere else it would be written as it is, so nothing is sent.
    func statements(for request: HTTPFile.Request) throws -> [WorkbenchStatement] {
        let variables = variables
        let fillNoting = { (text: String) throws -> (text: String, secret: String?) in
            do {
                return try variables.fillNotingSecrets(text)
            } catch {
                throw UsageError("request at line \(request.line): \(error) — nothing was sent")
            }
        }
        let fill = { (text: String, place: String, secretAllowed: Bool) throws -> String in
            let (filled, secret) = try fillNoting(text)
            if let secret, !secretAllowed {
                throw UsageError("request at line \(request.line): {{\(secret)}} is a secret (\(HTTPEnvironments.privateFileName)), and \(place) "
                                 + "would be written as it is into the history and a saved snippet: nothing was sent — use it as the value of a header "
                                 + "or query item whose name says it is secret (Authorization, X-Api-Key, api_key, token)")
            }
            return filled
        }
        var statements: [WorkbenchStatement] = [.reset] + (try Self.filledURL(request.url, fill: fill))
        if request.method != "GET" { statements.append(.method(request.method)) }
        var contentType: String?
        for header in request.headers {
            let name = try fill(header.name, "a header's name", false)
            let value = try fill(header.value, "the value of \(name)", SecretNames.isSecret(name))
            if name.lowercased() == "content-type" { contentType = value }
            statements.append(Self.authorization(name, value) ?? .header(name, value))
        }
        switch request.body {
        case .text(let text)?:
            let body = try fill(text, "the body", false)
            if contentType?.lowercased().contains("json") == true, (try? JSONValidator.validate(body)) != nil {
                statements.append(.bodyJSON(body))
            } else {
                statements.append(.bodyText(body))
            }
        case .file(let path, let withVariables)?:
            let resolved = path.hasPrefix("/") ? path : (file?.deletingLastPathComponent().appendingPathComponent(path).path ?? path)
            if withVariables {
                guard let data = FileManager.default.contents(atPath: resolved) else { throw WorkbenchError.fileNotFound(resolved) }
                statements.append(.bodyText(try fill(String(decoding: data, as: UTF8.self), "the body", false)))
            } else {
                statements.append(.bodyFile(resolved))
            }
        case nil: break
        }
        statements.append(.send(stream: false))
        if let saved = request.savesResponse {
            // A file named from a response would let a server choose where its answer is written.
            if saved.path.contains("{{"), saved.path.contains(".response.") {
                throw UsageError("request at line \(request.line): `>>` names its file from a response ({{….response.…}}): nothing was sent — name the file in the .http file")
            }
            let path = try fill(saved.path, "the file the response is written to", false)
            let resolved = path.hasPrefix("/") ? path : (file?.deletingLastPathComponent().appendingPathComponent(path).path ?? path)
            statements.append(.saveBody(saved.replaces ? resolved : Self.unusedName(resolved)))
        }
        // Text the prompt takes reads `\(…)` as Swift interpolation: a file's text, or a response
        // a variable brought in, must never run as Swift (nor be saved as Swift that runs).
        for statement in statements {
            var holdsInterpolation = false
            _ = statement.mapTexts { text in
                if text.contains("\\(") { holdsInterpolation = true }
                return text
            }
            if holdsInterpolation {
                throw UsageError("request at line \(request.line): its text (or a value filled into it) holds `\\(`, which the prompt reads as Swift: "
                                 + "nothing was sent — put the body in a file and write `< ./FILE` (sent as its bytes)")
            }
        }
        return statements
    }
}
