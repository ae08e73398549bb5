import Foundation

/// One step of a session in the WorkbenchKit vocabulary: what a command means, once.
///
/// A command parses its arguments into statements; a statement runs on a `Workbench`
/// (`WorkbenchStatement+Run.swift`), prints itself as the Swift a snippet holds
/// (`WorkbenchStatement+Swift.swift`), and is read back from Swift syntax by WorkbenchScript
/// (replay and the prompt's `wb.…` statements). `docs/ARCHITECTURE.md`, "Commands and statements".
///
/// Text fields hold what the user typed; a `\(expression)` in one is Swift interpolation, resolved
/// before the statement runs (`resolvingInterpolations`) and printed as interpolation in Swift.
public enum WorkbenchStatement: Equatable, Sendable {
    // Building the request.
    case base(String)
    case path(String)
    case showPath
    case query(String, String?)
    case addQuery(String, String?)
    case removeQuery(String)
    case showQuery
    case header(String, String)
    case defaultHeader(String, String)
    case removeHeader(String)
    case showHeaders
    case method(String)
    case showMethod
    /// Credentials for the server's Digest challenge (curl's `--digest -u USER:PASSWORD`).
    case digestAuth(String, password: String)
    case bodyJSON(String)
    case bodyFile(String)
    case bodyText(String)
    case multipart([Pair])
    case form([Pair])
    case removeBody
    case url(String)
    case showURL
    case reset
    // Sending.
    /// `send`; `stream` shows the body as it arrives (`send --stream`).
    case send(stream: Bool)
    case request(RequestCall)
    // Inspecting the last exchange.
    case status
    case headers(String?)
    case body(raw: Bool, all: Bool)
    /// `body --save FILE`: the last response's body, as received, written to a file.
    case saveBody(String)
    case timing
    case history
    case show(Int)
    case curl
    // Documents and models.
    case json(String)
    case jsonFile(String)
    case decode(DecodeCall)
    // API descriptions.
    case spec(SpecCall)
    // WebSocket.
    /// `ws URL`: opens the session's socket.
    case webSocket(String)
    /// `ws send TEXT`, `ws send json {…}`, `ws send @FILE`.
    case webSocketSend(String)
    case webSocketSendJSON(String)
    case webSocketSendFile(String)
    /// `ws close [CODE]` (nil: 1000).
    case webSocketClose(Int?)
    /// `ws wait [N]`: until N messages in all (nil: until it closes).
    case webSocketWait(Int?)
    /// `ws`: the socket's state.
    case webSocketState
    // GraphQL.
    /// `graphql QUERY` or `graphql @FILE`, with `--variables {…}` and `--operation NAME`.
    case graphql(GraphQLCall)
    /// `spec graphql`: the schema, by an introspection query to the base.
    case graphqlSchema
    // Settings.
    case timeout(Double)
    case followRedirects(Bool)
    case bodyLines(Int)
    case maxBody(Int)
    case colors(Bool)

    /// A name and a value, in the order given (query items, headers, form fields).
    public struct Pair: Equatable, Sendable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// `get`/`post`/…: set parts of the request and send it (httpie's shorthand).
    public struct RequestCall: Equatable, Sendable {
        /// `GET`, `POST`, …, upper case.
        public var method: String
        /// A path as `path` reads it or a full URL; nil keeps the current one.
        public var target: String?
        public var query: [Pair]
        public var headers: [Pair]
        public var json: [JSONFieldPair]
        /// `--stream`: the body is shown as it arrives.
        public var stream: Bool

        public init(method: String, target: String? = nil, query: [Pair] = [], headers: [Pair] = [], json: [JSONFieldPair] = [],
                    stream: Bool = false) {
            self.method = method.uppercased()
            self.target = target
            self.query = query
            self.headers = headers
            self.json = json
            self.stream = stream
        }
    }

    /// A field of a JSON body: `title=foo` or `userId:=1`.
    public struct JSONFieldPair: Equatable, Sendable {
        public var name: String
        public var value: JSONField

        public init(_ name: String, _ value: JSONField) {
            self.name = name
            self.value = value
        }
    }

    /// Whether running it sends a request.
    public var sends: Bool {
        switch self {
        case .send, .request, .graphql, .graphqlSchema: true
        default: false
        }
    }

    /// Whether it only shows something and changes nothing a later step could see.
    public var isView: Bool {
        switch self {
        case .showPath, .showQuery, .showHeaders, .showMethod, .showURL, .status, .headers, .body, .timing,
             .history, .show, .curl:
            true
        case .decode(let call): call.binding == nil
        default: false
        }
    }
}

/// `decode TYPE [--keys …] [--dates …] [--at PATH]`, optionally bound: `let posts = decode [Post]`.
public struct DecodeCall: Equatable, Sendable {
    /// `let NAME =` or `var NAME =` before the decode.
    public struct Binding: Equatable, Sendable {
        public var name: String
        public var isVariable: Bool

        public init(name: String, isVariable: Bool = false) {
            self.name = name
            self.isVariable = isVariable
        }
    }

    /// The type as Swift source: `[Post]`, `[String: Post]`, `Post?`.
    public var type: String
    public var options: DecodingOptions
    /// The value to decode inside the document (`data.items`, `[0].user`).
    public var path: String?
    /// The WebSocket message to decode (`--frame N`, from 1); nil: the current document.
    public var frame: Int?
    public var binding: Binding?

    public init(type: String, options: DecodingOptions = DecodingOptions(), path: String? = nil, frame: Int? = nil, binding: Binding? = nil) {
        self.type = type
        self.options = options
        self.path = path
        self.frame = frame
        self.binding = binding
    }
}

/// `graphql QUERY [--variables {…}] [--operation NAME]`, the query typed or in a file (`@FILE`).
public struct GraphQLCall: Equatable, Sendable {
    /// The query's text, or the path of the file that holds it (`file`).
    public var query: String
    /// Whether `query` is a file's path (`graphql @countries.graphql`).
    public var isFile: Bool
    /// A JSON object, as typed.
    public var variables: String?
    /// Which of the document's operations runs (`operationName`).
    public var operation: String?

    public init(query: String, variables: String? = nil, operation: String? = nil) {
        (self.query, self.isFile, self.variables, self.operation) = (query, false, variables, operation)
    }

    public init(file: String, variables: String? = nil, operation: String? = nil) {
        (self.query, self.isFile, self.variables, self.operation) = (file, true, variables, operation)
    }
}
