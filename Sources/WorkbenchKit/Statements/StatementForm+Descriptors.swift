/// The descriptor table: each form's Swift spelling, its parameters and a sample statement.
extension StatementForm {
    public var descriptor: StatementDescriptor {
        typealias Parameter = StatementDescriptor.Parameter
        typealias Pair = WorkbenchStatement.Pair
        func call(_ name: String, _ prefix: String, _ parameters: [Parameter] = [], sample: WorkbenchStatement) -> StatementDescriptor {
            StatementDescriptor(spelling: .call(name, prefix: prefix), parameters: parameters, sample: sample)
        }
        func assignment(_ property: String, _ kind: StatementDescriptor.Kind, sample: WorkbenchStatement) -> StatementDescriptor {
            StatementDescriptor(spelling: .assignment(property), parameters: [Parameter(nil, kind)], sample: sample)
        }
        let text = Parameter(nil, .text)
        let namedValue = [Parameter(nil, .text), Parameter(nil, .optionalText, secrets: .namedByArgument(0))]
        let namedText = [Parameter(nil, .text), Parameter(nil, .text, secrets: .namedByArgument(0))]
        let request = [
            Parameter(nil, .text, optional: true), Parameter("query", .pairs, optional: true, secrets: .pairNames),
            Parameter("headers", .pairs, optional: true, secrets: .pairNames), Parameter("json", .fields, optional: true),
            Parameter("stream", .flag, optional: true),
        ]
        let graphQLOptions = [Parameter("variables", .text, optional: true), Parameter("operation", .text, optional: true)]
        let sent = "try await ", throwing = "try ", plain = ""
        switch self {
        case .base: return call("base", throwing, [text], sample: .base("sandbox/jsonplaceholder"))
        case .path: return call("path", throwing, [text], sample: .path("/posts"))
        case .showPath: return call("path", plain, sample: .showPath)
        case .query: return call("query", plain, namedValue, sample: .query("userId", "1"))
        case .addQuery: return call("addQuery", plain, namedValue, sample: .addQuery("ids", "2"))
        case .removeQuery: return call("removeQuery", plain, [text], sample: .removeQuery("userId"))
        case .showQuery: return call("query", plain, sample: .showQuery)
        case .header: return call("header", throwing, namedText, sample: .header("Accept", "application/json"))
        case .defaultHeader: return call("defaultHeader", throwing, namedText, sample: .defaultHeader("X-API-Key", "k3y"))
        case .removeHeader: return call("removeHeader", plain, [text], sample: .removeHeader("Accept"))
        case .showHeaders: return call("header", plain, sample: .showHeaders)
        case .method: return call("method", throwing, [text], sample: .method("POST"))
        case .showMethod:
            return StatementDescriptor(spelling: .printed("wb.request.method"), parameters: [], sample: .showMethod)
        case .digestAuth:
            return call("digestAuth", plain, [text, Parameter("password", .text, secrets: .named("digest-password"))],
                        sample: .digestAuth("ada", password: "s3cr3t"))
        case .bodyJSON: return call("body", throwing, [Parameter("json", .text)], sample: .bodyJSON(#"{"title": "Pilot"}"#))
        case .bodyFile: return call("body", throwing, [Parameter("file", .text)], sample: .bodyFile("post.json"))
        case .bodyText: return call("body", plain, [Parameter("text", .text)], sample: .bodyText("<note>hi</note>"))
        case .multipart:
            return call("multipart", throwing, [Parameter(nil, .pairs, secrets: .pairNames)],
                        sample: .multipart([Pair("title", "Pilot"), Pair("photo", "@photo.png;type=image/png")]))
        case .form:
            return call("form", plain, [Parameter(nil, .pairs, secrets: .pairNames)], sample: .form([Pair("name", "Ada"), Pair("lang", "swift")]))
        case .removeBody: return call("removeBody", plain, sample: .removeBody)
        case .url: return call("url", throwing, [text], sample: .url("https://example.com/search?q=swift"))
        case .showURL: return call("url", throwing, sample: .showURL)
        case .reset: return call("reset", plain, sample: .reset)
        case .send: return call("send", sent, [Parameter("stream", .flag, optional: true)], sample: .send(stream: false))
        case .get:
            return call("get", sent, request, sample: .request(.init(method: "GET", target: "/posts", query: [Pair("userId", "1")])))
        case .post:
            return call("post", sent, request, sample: .request(.init(
                method: "POST", target: "/posts", json: [.init("title", .string("Hi")), .init("userId", .json("1"))])))
        case .put:
            return call("put", sent, request, sample: .request(.init(method: "PUT", target: "/posts/1", json: [.init("title", .string("Hi"))])))
        case .patch:
            return call("patch", sent, request, sample: .request(.init(method: "PATCH", target: "/posts/1", json: [.init("draft", .json("true"))])))
        case .delete: return call("delete", sent, request, sample: .request(.init(method: "DELETE", target: "/posts/1")))
        case .head: return call("head", sent, Array(request.prefix(3)), sample: .request(.init(method: "HEAD", target: "/posts")))
        case .status: return call("status", throwing, sample: .status)
        case .headers: return call("headers", throwing, [Parameter(nil, .text, optional: true)], sample: .headers("Content-Type"))
        case .body:
            return call("body", throwing, [Parameter("raw", .flag, optional: true), Parameter("all", .flag, optional: true)],
                        sample: .body(raw: false, all: true))
        case .saveBody: return call("saveBody", throwing, [Parameter("to", .text)], sample: .saveBody("photo.jpg"))
        case .timing: return call("timing", throwing, sample: .timing)
        case .history: return call("history", plain, sample: .history)
        case .show: return call("show", throwing, [Parameter(nil, .integer)], sample: .show(2))
        case .curl: return call("curl", throwing, sample: .curl)
        case .json: return call("json", throwing, [text], sample: .json(#"{"title": "Pilot"}"#))
        case .jsonFile: return call("json", throwing, [Parameter("file", .text)], sample: .jsonFile("episode.json"))
        case .decode:
            let parameters = [Parameter(nil, .type), Parameter("keys", .keys, optional: true), Parameter("dates", .dates, optional: true),
                              Parameter("at", .text, optional: true), Parameter("frame", .integer, optional: true)]
            return call("decode", throwing, parameters, sample: .decode(DecodeCall(
                type: "[Post]", options: DecodingOptions(keys: .convertFromSnakeCase), binding: .init(name: "posts"))))
        case .spec:
            return call("spec", sent, [text, Parameter("server", .integer, optional: true)],
                        sample: .spec(SpecCall(source: "sandbox/jsonplaceholder")))
        case .webSocket: return call("ws", sent, [text], sample: .webSocket("sandbox/httpbin/ws/echo"))
        case .webSocketSend: return call("wsSend", throwing, [text], sample: .webSocketSend("hello"))
        case .webSocketSendJSON: return call("wsSend", throwing, [Parameter("json", .text)], sample: .webSocketSendJSON(#"{"n": 1}"#))
        case .webSocketSendFile: return call("wsSend", throwing, [Parameter("file", .text)], sample: .webSocketSendFile("frame.bin"))
        case .webSocketClose: return call("wsClose", sent, [Parameter(nil, .integer, optional: true)], sample: .webSocketClose(4000))
        case .webSocketWait: return call("wsWait", sent, [Parameter("messages", .integer, optional: true)], sample: .webSocketWait(3))
        case .webSocketState: return call("wsState", throwing, sample: .webSocketState)
        case .graphql:
            return call("graphql", sent, [Parameter(nil, .text, document: true)] + graphQLOptions,
                        sample: .graphql(GraphQLCall(query: #"{ country(code: "CO") { name capital } }"#)))
        case .graphqlFile:
            return call("graphql", sent, [Parameter("file", .text)] + graphQLOptions,
                        sample: .graphql(GraphQLCall(file: "countries.graphql", variables: #"{"code": "CO"}"#)))
        case .graphqlSchema: return call("graphqlSchema", sent, sample: .graphqlSchema)
        case .timeout: return assignment("timeout", .number, sample: .timeout(5))
        case .followRedirects: return assignment("followRedirects", .flag, sample: .followRedirects(false))
        case .bodyLines: return assignment("bodyLines", .integer, sample: .bodyLines(20))
        case .maxBody: return assignment("maxBodyBytes", .integer, sample: .maxBody(1 << 30))
        case .colors: return assignment("console.colors", .flag, sample: .colors(false))
        }
    }
}
