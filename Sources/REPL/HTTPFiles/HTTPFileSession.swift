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
        guard let index = requests.firstIndex(where: { $0.name == which }) else {
            let names = requests.compactMap(\.name)
            throw UsageError("no request named '\(ErrorLine.echo(which))' in \(file?.lastPathComponent ?? "the .http file")"
                             + (names.isEmpty ? " (its requests have no names: give a number)" : " (there are: \(names.joined(separator: ", ")))"))
        }
        return (index + 1, requests[index])
    }

    /// What fills in `{{…}}` now: the file's variables, the chosen environment's, the named responses.
    var variables: HTTPFileVariables {
        HTTPFileVariables(file: parsed.variables, environment: environment.flatMap { environments.environments[$0] } ?? [:],
                          dotenv: environments.dotenv, responses: responses)
    }

    /// `request` as the statements that send it, every `{{…}}` filled in first: nothing is sent
    /// when one cannot be (one line names it).
    func statements(for request: HTTPFile.Request) throws -> [WorkbenchStatement] {
        let variables = variables
        let fill = { (text: String) throws -> String in
            do {
                return try variables.fill(text)
            } catch {
                throw UsageError("request at line \(request.line): \(error) — nothing was sent")
            }
        }
        var statements: [WorkbenchStatement] = [.reset, .url(try fill(request.url))]
        if request.method != "GET" { statements.append(.method(request.method)) }
        var contentType: String?
        for header in request.headers {
            let (name, value) = (try fill(header.name), try fill(header.value))
            if name.lowercased() == "content-type" { contentType = value }
            statements.append(.header(name, value))
        }
        switch request.body {
        case .text(let text)?:
            let body = try fill(text)
            if contentType?.lowercased().contains("json") == true, (try? JSONValidator.validate(body)) != nil {
                statements.append(.bodyJSON(body))
            } else {
                statements.append(.bodyText(body))
            }
        case .file(let path, let withVariables)?:
            let resolved = path.hasPrefix("/") ? path : (file?.deletingLastPathComponent().appendingPathComponent(path).path ?? path)
            if withVariables {
                guard let data = FileManager.default.contents(atPath: resolved) else { throw WorkbenchError.fileNotFound(resolved) }
                statements.append(.bodyText(try fill(String(decoding: data, as: UTF8.self))))
            } else {
                statements.append(.bodyFile(resolved))
            }
        case nil: break
        }
        statements.append(.send(stream: false))
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
