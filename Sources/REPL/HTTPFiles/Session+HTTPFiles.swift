import Foundation
import LineEditor
import WorkbenchKit

/// `open FILE.http`, `send NAME`, `replay FILE.http`: an `.http` file's requests sent as any
/// request is, so they join the history and `save` writes them as statements.
extension Session {
    /// Reads the file and the environments beside it (a chosen environment they lack is chosen no
    /// more), as `open` and `replay` do.
    private func loadHTTPFile(_ path: String) throws -> (url: URL, file: HTTPFile, environments: HTTPEnvironments) {
        let (url, file, environments) = try HTTPFileSession.read(path)
        httpFiles.file = url
        httpFiles.parsed = file
        httpFiles.environments = environments
        httpFiles.responses = [:]
        if let chosen = httpFiles.environment, environments.environments[chosen] == nil { httpFiles.environment = nil }
        return (url, file, environments)
    }

    /// Reads the file and lists its requests, numbered, with their names.
    func openHTTPFile(_ path: String) throws {
        let (url, file, environments) = try loadHTTPFile(path)
        let count = file.requests.count
        var header = "\(url.lastPathComponent) · \(count) \(count == 1 ? "request" : "requests")"
        if !environments.names.isEmpty {
            header += " · environments: " + environments.names.joined(separator: ", ")
                + (httpFiles.environment.map { " (using \($0))" } ?? " (`env use NAME` picks one)")
        }
        console.line(console.styled(header, .dim))
        let width = file.requests.map { ($0.name ?? "—").count }.max() ?? 0
        for (index, request) in file.requests.enumerated() {
            let name = (request.name ?? "—").padding(toLength: width, withPad: " ", startingAt: 0)
            console.line(String(format: "%2d  ", index + 1) + console.styled(name, .bold) + "  \(request.method) \(request.url)")
        }
        let quoted = Arguments.quoted(path)
        console.line(console.styled("`send NAME` (or `send N`) sends one; `replay \(quoted)` sends them all in order", .dim))
    }

    /// Sends the open file's request `which` (a name or a number).
    func sendHTTPRequest(_ which: String) async throws {
        guard httpFiles.file != nil else {
            throw UsageError("send takes only \(SendCommand.stream.name), got '\(ErrorLine.echo(which))' — `send NAME` sends a request of an .http file, after `open FILE.http`")
        }
        let (_, request) = try httpFiles.request(which)
        try await sendHTTPRequest(request)
    }

    private func sendHTTPRequest(_ request: HTTPFile.Request) async throws {
        let statements = try httpFiles.statements(for: request)
        for note in request.notRun { console.line(console.styled("note: not run here: \(note)", .dim)) }
        let before = workbench.exchanges.count
        try await perform(statements)
        if let name = request.name, workbench.exchanges.count > before, let exchange = workbench.lastExchange {
            httpFiles.responses[name] = HTTPFileVariables.Response(body: exchange.response.body,
                                                                   headers: exchange.response.headers.fields.map { ($0.name, $0.value) })
        }
    }

    /// Opens the file and sends each of its requests in order, a line naming each first; one that
    /// fails is said and the rest still go. Throws when any failed.
    func replayHTTPFile(_ path: String) async throws {
        let (url, file, _) = try loadHTTPFile(path)
        var failed = 0
        for (index, request) in file.requests.enumerated() {
            if Interrupt.isPending { break }
            console.line(console.styled("── \(index + 1) \(request.name ?? "")  \(request.method) \(request.url)", .bold))
            console.flush()
            do {
                try await sendHTTPRequest(request)
            } catch is AlreadyReported {
                failed += 1
            } catch {
                failed += 1
                reportError(ErrorLine.oneLine("\(error)"))
            }
        }
        let count = file.requests.count
        guard failed == 0 else { throw UsageError("\(failed) of \(count) requests of \(url.lastPathComponent) failed") }
        console.line(console.styled("sent \(count) \(count == 1 ? "request" : "requests") of \(url.lastPathComponent)", .dim))
    }
}
