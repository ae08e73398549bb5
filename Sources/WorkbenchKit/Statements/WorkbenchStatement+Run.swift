import Foundation

/// What running a statement gave back, beyond what it printed.
@MainActor
public enum StatementResult {
    case none
    case exchange(Exchange)
    /// A value decoded into a type declared at run time (what `let NAME = decode …` binds).
    case decoded(DecodedModel)
}

/// A value decoded by `DeclaredModels`, with the report `decode` prints.
public struct DecodedModel {
    public var report: DecodedValueReport
    /// The decoded value in the decoder's own representation (ModelRuntime's `TypedValue`).
    public var value: Any

    public init(report: DecodedValueReport, value: Any) {
        self.report = report
        self.value = value
    }
}

/// Types declared while the program runs (the REPL's models): how `decode` statements decode
/// without compiled types. WorkbenchScript provides it; a compiled snippet calls the generic
/// `Workbench.decode(_:)` instead.
@MainActor
public protocol DeclaredModels: AnyObject {
    /// Decodes `document` as `call` says; prints nothing (the statement prints the report).
    func decode(_ call: DecodeCall, document: CurrentDocument, forTerminal: Bool) throws -> DecodedModel
}

extension WorkbenchStatement {
    /// Runs the statement on `wb`, printing what its command prints.
    @MainActor
    @discardableResult
    public func run(on wb: Workbench) async throws -> StatementResult {
        switch self {
        case .base(let url): try wb.base(url)
        case .path(let path): try wb.path(path)
        case .showPath: wb.path()
        case .query(let name, let value): wb.query(name, value)
        case .addQuery(let name, let value): wb.addQuery(name, value)
        case .removeQuery(let name): wb.removeQuery(name)
        case .showQuery: wb.query()
        case .header(let name, let value): try wb.header(name, value)
        case .digestAuth(let user, let password): wb.digestAuth(user, password: password)
        case .defaultHeader(let name, let value): try wb.defaultHeader(name, value)
        case .removeHeader(let name): wb.removeHeader(name)
        case .showHeaders: wb.header()
        case .method(let method): try wb.method(method)
        case .showMethod:
            wb.console.line(wb.request.method)
            wb.console.flush()
        case .bodyJSON(let text): try wb.body(json: text)
        case .bodyFile(let path): try wb.body(file: path)
        case .bodyText(let text): wb.body(text: text)
        case .multipart(let fields): try wb.multipart(fields: fields.map { ($0.name, $0.value) })
        case .form(let fields): wb.form(items: fields.map { URLQueryItem(name: $0.name, value: $0.value) })
        case .removeBody: wb.removeBody()
        case .url(let text): try wb.url(text)
        case .showURL: try wb.url()
        case .reset: wb.reset()
        case .send(let stream): return .exchange(try await wb.send(stream: stream))
        case .request(let call):
            return .exchange(try await wb.perform(
                call.method, call.target, query: call.query.map { URLQueryItem(name: $0.name, value: $0.value) },
                headers: call.headers.map { HeaderList.Field(name: $0.name, value: $0.value) },
                json: call.json.map { (name: $0.name, value: $0.value) }, stream: call.stream))
        case .status: try wb.status()
        case .headers(let name): try wb.headers(name)
        case .body(let raw, let all): try wb.body(raw: raw, all: all)
        case .saveBody(let path): try wb.saveBody(to: path)
        case .timing: try wb.timing()
        case .history: wb.history()
        case .show(let number): try wb.show(number)
        case .curl: try wb.curl()
        case .json(let text): try wb.json(text)
        case .jsonFile(let path): try wb.json(file: path)
        case .decode(let call): return .decoded(try wb.decode(call))
        case .spec(let call): try await wb.loadSpec(call)
        case .webSocket(let target): try await wb.ws(target)
        case .webSocketSend(let text): try wb.wsSend(text)
        case .webSocketSendJSON(let json): try wb.wsSend(json: json)
        case .webSocketSendFile(let path): try wb.wsSend(file: path)
        case .webSocketClose(let code): try await wb.wsClose(code ?? 1000)
        case .webSocketWait(let count): try await wb.wsWait(messages: count)
        case .webSocketState: try wb.wsState()
        case .graphql(let call):
            let exchange = call.isFile
                ? try await wb.graphql(file: call.query, variables: call.variables, operation: call.operation)
                : try await wb.graphql(call.query, variables: call.variables, operation: call.operation)
            return .exchange(exchange)
        case .graphqlSchema: return .exchange(try await wb.graphqlSchema())
        case .timeout(let seconds): wb.timeout = seconds
        case .followRedirects(let flag): wb.followRedirects = flag
        case .bodyLines(let lines): wb.bodyLines = lines
        case .maxBody(let bytes): wb.maxBodyBytes = bytes
        case .colors(let flag): wb.console.colors = flag
        }
        return .none
    }
}

extension Workbench {
    /// `decode` into types declared at run time, through `declaredModels`; prints the report.
    func decode(_ call: DecodeCall) throws -> DecodedModel {
        guard let declaredModels else { throw WorkbenchError.noDeclaredModels(call.type) }
        let document = try decodedDocument(frame: call.frame)
        let decoded = try declaredModels.decode(call, document: document, forTerminal: console.isTerminal)
        showDecoded(decoded.report)
        return decoded
    }
}
