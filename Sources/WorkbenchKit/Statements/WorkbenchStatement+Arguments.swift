/// A statement as its form and the values of its Swift call's arguments: what the printer writes
/// and the reader reads back, in the order of the form's parameters (`StatementDescriptor`).
public enum StatementArgument: Equatable, Sendable {
    case text(String)
    case optionalText(String?)
    case pairs([WorkbenchStatement.Pair])
    case fields([WorkbenchStatement.JSONFieldPair])
    case integer(Int)
    case number(Double)
    case flag(Bool)
    /// A type as Swift source (`[Post]`), written `[Post].self`.
    case type(String)
    case keys(DecodingOptions.Keys)
    case dates(DecodingOptions.Dates)

    var text: String? {
        switch self {
        case .text(let text): text
        case .optionalText(let text): text
        default: nil
        }
    }
}

extension WorkbenchStatement {
    /// Which row of the descriptor table it is.
    public var form: StatementForm {
        switch self {
        case .base: .base
        case .path: .path
        case .showPath: .showPath
        case .query: .query
        case .addQuery: .addQuery
        case .removeQuery: .removeQuery
        case .showQuery: .showQuery
        case .header: .header
        case .defaultHeader: .defaultHeader
        case .removeHeader: .removeHeader
        case .showHeaders: .showHeaders
        case .digestAuth: .digestAuth
        case .method: .method
        case .showMethod: .showMethod
        case .bodyJSON: .bodyJSON
        case .bodyFile: .bodyFile
        case .bodyText: .bodyText
        case .multipart: .multipart
        case .form: .form
        case .removeBody: .removeBody
        case .url: .url
        case .showURL: .showURL
        case .reset: .reset
        case .send: .send
        case .request(let call): StatementForm(rawValue: call.method.lowercased()) ?? .get
        case .status: .status
        case .headers: .headers
        case .body: .body
        case .saveBody: .saveBody
        case .timing: .timing
        case .history: .history
        case .show: .show
        case .curl: .curl
        case .json: .json
        case .jsonFile: .jsonFile
        case .decode: .decode
        case .spec: .spec
        case .webSocket: .webSocket
        case .webSocketSend: .webSocketSend
        case .webSocketSendJSON: .webSocketSendJSON
        case .webSocketSendFile: .webSocketSendFile
        case .webSocketClose: .webSocketClose
        case .webSocketWait: .webSocketWait
        case .webSocketState: .webSocketState
        case .graphql(let call): call.isFile ? .graphqlFile : .graphql
        case .graphqlSchema: .graphqlSchema
        case .timeout: .timeout
        case .followRedirects: .followRedirects
        case .bodyLines: .bodyLines
        case .maxBody: .maxBody
        case .colors: .colors
        }
    }

    /// The value of each of its form's parameters; nil where the call leaves one out (its default).
    public var arguments: [StatementArgument?] {
        switch self {
        case .base(let text), .path(let text), .removeQuery(let text), .removeHeader(let text), .method(let text),
             .bodyJSON(let text), .bodyFile(let text), .bodyText(let text), .url(let text), .json(let text), .jsonFile(let text),
             .saveBody(let text), .webSocket(let text), .webSocketSend(let text), .webSocketSendJSON(let text),
             .webSocketSendFile(let text):
            return [.text(text)]
        case .webSocketClose(let code), .webSocketWait(let code): return [code.map { .integer($0) }]
        case .query(let name, let value), .addQuery(let name, let value): return [.text(name), .optionalText(value)]
        case .header(let name, let value), .defaultHeader(let name, let value): return [.text(name), .text(value)]
        case .digestAuth(let user, let password): return [.text(user), .text(password)]
        case .form(let fields), .multipart(let fields): return [.pairs(fields)]
        case .request(let call):
            let all: [StatementArgument?] = [
                call.target.map { .text($0) }, call.query.isEmpty ? nil : .pairs(call.query),
                call.headers.isEmpty ? nil : .pairs(call.headers), call.json.isEmpty ? nil : .fields(call.json),
                call.stream ? .flag(true) : nil,
            ]
            // HEAD takes neither a body nor `stream`.
            return form == .head ? Array(all.prefix(3)) : all
        case .headers(let name): return [name.map { .text($0) }]
        case .body(let raw, let all): return [raw ? .flag(true) : nil, all ? .flag(true) : nil]
        case .show(let number): return [.integer(number)]
        case .decode(let call):
            return [.type(call.type), call.options.keys == .useDefaultKeys ? nil : .keys(call.options.keys),
                    call.options.dates == .deferredToDate ? nil : .dates(call.options.dates), call.path.map { .text($0) },
                    call.frame.map { .integer($0) }]
        case .spec(let call): return [.text(call.source), call.server.map { .integer($0) }]
        case .graphql(let call): return [.text(call.query), call.variables.map { .text($0) }, call.operation.map { .text($0) }]
        case .timeout(let seconds): return [.number(seconds)]
        case .followRedirects(let flag), .colors(let flag): return [.flag(flag)]
        case .bodyLines(let number), .maxBody(let number): return [.integer(number)]
        case .send(let stream): return [stream ? .flag(true) : nil]
        case .showPath, .showQuery, .showHeaders, .showMethod, .removeBody, .showURL, .reset, .status, .timing,
             .history, .curl, .webSocketState, .graphqlSchema:
            return []
        }
    }

    /// The statement of `form` with these argument values (nil: left out), as `arguments` gives
    /// them; nil when a value does not fit (`maxBody` of zero bytes, a missing required one).
    public init?(form: StatementForm, arguments: [StatementArgument?]) {
        let values = arguments + Array(repeating: nil, count: max(0, form.descriptor.parameters.count - arguments.count))
        func text(_ index: Int) -> String? { values[index]?.text }
        func pairs(_ index: Int) -> [Pair] {
            if case .pairs(let pairs)? = values[index] { return pairs }
            return []
        }
        func flag(_ index: Int) -> Bool? {
            if case .flag(let flag)? = values[index] { return flag }
            return nil
        }
        func integer(_ index: Int) -> Int? {
            if case .integer(let number)? = values[index] { return number }
            return nil
        }
        let statement: WorkbenchStatement?
        switch form {
        case .base: statement = text(0).map(Self.base)
        case .path: statement = text(0).map(Self.path)
        case .showPath: statement = .showPath
        case .query: statement = text(0).map { .query($0, text(1)) }
        case .addQuery: statement = text(0).map { .addQuery($0, text(1)) }
        case .removeQuery: statement = text(0).map(Self.removeQuery)
        case .showQuery: statement = .showQuery
        case .header: statement = text(0).flatMap { name in text(1).map { .header(name, $0) } }
        case .digestAuth: statement = text(0).flatMap { user in text(1).map { .digestAuth(user, password: $0) } }
        case .defaultHeader: statement = text(0).flatMap { name in text(1).map { .defaultHeader(name, $0) } }
        case .removeHeader: statement = text(0).map(Self.removeHeader)
        case .showHeaders: statement = .showHeaders
        case .method: statement = text(0).map(Self.method)
        case .showMethod: statement = .showMethod
        case .bodyJSON: statement = text(0).map(Self.bodyJSON)
        case .bodyFile: statement = text(0).map(Self.bodyFile)
        case .bodyText: statement = text(0).map(Self.bodyText)
        case .multipart: statement = .multipart(pairs(0))
        case .form: statement = .form(pairs(0))
        case .removeBody: statement = .removeBody
        case .url: statement = text(0).map(Self.url)
        case .showURL: statement = .showURL
        case .reset: statement = .reset
        case .send: statement = .send(stream: flag(0) ?? false)
        case .get, .post, .put, .patch, .delete, .head:
            var fields: [JSONFieldPair] = []
            if values.count > 3, case .fields(let given)? = values[3] { fields = given }
            statement = .request(RequestCall(method: form.rawValue, target: text(0), query: pairs(1), headers: pairs(2), json: fields,
                                             stream: values.count > 4 ? flag(4) ?? false : false))
        case .status: statement = .status
        case .headers: statement = .headers(text(0))
        case .body: statement = .body(raw: flag(0) ?? false, all: flag(1) ?? false)
        case .saveBody: statement = text(0).map(Self.saveBody)
        case .timing: statement = .timing
        case .history: statement = .history
        case .show: statement = integer(0).map(Self.show)
        case .curl: statement = .curl
        case .json: statement = text(0).map(Self.json)
        case .jsonFile: statement = text(0).map(Self.jsonFile)
        case .decode:
            guard case .type(let type)? = values[0] else { return nil }
            var call = DecodeCall(type: type, path: text(3), frame: values.count > 4 ? integer(4) : nil)
            if case .keys(let keys)? = values[1] { call.options.keys = keys }
            if case .dates(let dates)? = values[2] { call.options.dates = dates }
            statement = .decode(call)
        case .spec: statement = text(0).map { .spec(SpecCall(source: $0, server: integer(1))) }
        case .webSocket: statement = text(0).map(Self.webSocket)
        case .webSocketSend: statement = text(0).map(Self.webSocketSend)
        case .webSocketSendJSON: statement = text(0).map(Self.webSocketSendJSON)
        case .webSocketSendFile: statement = text(0).map(Self.webSocketSendFile)
        case .webSocketClose: statement = .webSocketClose(integer(0))
        case .webSocketWait: statement = .webSocketWait(integer(0))
        case .webSocketState: statement = .webSocketState
        case .graphql: statement = text(0).map { .graphql(GraphQLCall(query: $0, variables: text(1), operation: text(2))) }
        case .graphqlFile: statement = text(0).map { .graphql(GraphQLCall(file: $0, variables: text(1), operation: text(2))) }
        case .graphqlSchema: statement = .graphqlSchema
        case .timeout:
            guard case .number(let seconds)? = values[0] else { return nil }
            statement = .timeout(seconds)
        case .followRedirects: statement = flag(0).map(Self.followRedirects)
        case .bodyLines: statement = integer(0).map(Self.bodyLines)
        case .maxBody: statement = integer(0).flatMap { $0 > 0 ? .maxBody($0) : nil }
        case .colors: statement = flag(0).map(Self.colors)
        }
        guard let statement else { return nil }
        self = statement
    }
}
