import Foundation
import GraphQLDocuments

/// A session of building, sending and inspecting HTTP requests: the Swift face of the REPL.
///
/// Every REPL command is one call here (`query userId=1` is `wb.query("userId", "1")`,
/// `get /posts userId==1` is `try await wb.get("/posts", query: ["userId": "1"])`), and each
/// call prints through `console` what the REPL prints, so a compiled snippet reads like the
/// session it was saved from. Build calls print nothing; send and inspect calls print results.
// `@preconcurrency`: code in Swift 5 mode (a snippet or a tutorial without a top-level `await`) calls
// it from top-level code, which Swift 5 does not make the main actor's; Swift 6 code still checks.
@preconcurrency @MainActor
public final class Workbench {
    /// Where results are printed.
    public let console: Console
    /// The request being built; `send()` sends it.
    public internal(set) var request = RequestDraft()
    /// The base URL's components (`base URL`); paths starting with `/` are relative to its path.
    public internal(set) var base: URLComponents?
    /// Headers sent with every request, kept across `reset()` (`header --default NAME: VALUE`).
    public internal(set) var defaultHeaders = HeaderList()
    /// Every exchange so far, oldest first; `history` numbers them from 1.
    public internal(set) var exchanges: [Exchange] = []
    /// Sends that brought no response, in order; `history` marks them among the exchanges.
    public internal(set) var failedSends: [FailedSend] = []
    /// Timeout, redirects and the response size cap.
    public var options = TransportOptions()
    /// Body lines shown before `… N more lines` (`set body-lines N`); 0 shows a response's status
    /// line only, and `body` then cuts at `defaultBodyLines`.
    public var bodyLines = Workbench.defaultBodyLines
    public static let defaultBodyLines = 40
    /// The sandbox's root URL, for `base sandbox/NAME`; read from `WORKBENCH_SANDBOX_URL` at start.
    public var sandboxURL: URL?
    /// Offline mode: maps a URL to the one actually contacted (nil leaves it alone); the user-visible
    /// URL stays the original and the status line says `offline`.
    public var urlRewriter: (@Sendable (URL) -> URL?)?
    /// Polled while a request is in flight; true cancels it (the REPL passes its Ctrl-C flag).
    public var interruptRequested: @MainActor () -> Bool = { false }
    /// Whether a request taking over ~300 ms shows a spinner; on by default only on a terminal.
    public var showsSpinner: Bool
    /// Whether long decoded values are cut on a terminal (`decode … --all` turns it off for one decode).
    public var cutsLongValues = true
    /// The labels of the values `showValue` showed (`neighbours.map(\.name)`) since they were last
    /// taken: the REPL records them with the step, and `save` prints those expressions, so that a
    /// snippet shows what the session showed. A compiled input's `wb` hands them over with its state.
    public var shownValues: [String] = []
    /// Types declared at run time, for `decode` statements (the REPL's and replay's models).
    public weak var declaredModels: (any DeclaredModels)?
    /// Reads the documents `spec` loads (WorkbenchSpec's `spec(_:server:)` sets it in a compiled
    /// snippet); without one, `environment` makes one.
    public var apiDescriptionReader: (any APIDescriptionReader)?
    /// What WorkbenchKit cannot make itself, given by whoever made this workbench: the REPL's has
    /// WorkbenchSpec's reader and Swift's lexer, and replay's and `save`'s check's get the same.
    public let environment: WorkbenchEnvironment
    /// The API description `spec` loaded last: requests and responses are checked against it.
    public internal(set) var apiDescription: (any APIDescription)?

    /// Answers or observes the sends of every `Workbench` in this process when set; nil sends
    /// to the network. The prompt's compiled path installs one in the program it runs.
    public static var exchangeRelay: (any ExchangeRelay)?
    /// This session's own relay, before `exchangeRelay` (`save` checks a snippet in a scratch
    /// session whose sends are answered from the session's responses, touching no other session).
    public var relay: (any ExchangeRelay)?
    var activeRelay: (any ExchangeRelay)? { relay ?? Self.exchangeRelay }

    /// The cookies responses set, sent with later requests (`cookies`); never saved in a snippet.
    public let cookieJar = CookieJar()
    /// Made on the first send: creating a URLSession (and libcurl) costs milliseconds of start-up.
    lazy var transport = Transport()
    /// The requests being waited for, and the task that polls them while there are any
    /// (Workbench+Send.swift, `finished`).
    var watchedRequests: [WatchedRequest] = []
    var requestPoller: Task<Void, Never>?
    /// A document given with `json(_:)`, and how many exchanges there were then (a later send wins).
    var localDocument: (document: CurrentDocument, exchangeCount: Int)?
    /// A private folder for the copies of the files `json(file:)` reads, made on first use (the
    /// REPL's: its Swift host's session directory, which the host maps them from); nil reads them
    /// into memory.
    public var documentFolder: (@MainActor () -> URL?)?
    /// Every `json(file:)` so far, in order, with the copy it read (the REPL records a step's with it).
    public internal(set) var documentReads: [DocumentRead] = []
    /// The last response's body as the current document, for the exchange it came from.
    var responseDocument: (exchangeNumber: Int, count: Int, document: CurrentDocument)?
    /// When the last exchange joined the history (a recorded one is its own time, not when it was
    /// first sent): a WebSocket message that arrived later is what `decode` reads.
    var lastExchangeJoined: Date?
    /// The session's WebSocket (`ws URL`), open or ended; one at a time.
    var webSocket: WebSocketConnection?
    /// The requests of `wb.events` loops still running, each with the feeder that knows whether its loop ended.
    var eventStreams: [(id: UUID, feeder: EventFeeder, task: Task<Void, Never>)] = []
    /// The last WebSocket message as the current document, for the message it came from.
    var messageDocument: (number: Int, document: CurrentDocument)?
    /// The GraphQL schema `spec graphql` read from the base (completion and `graphql models` use it).
    public internal(set) var graphQLSchema: GraphQLSchemaDescription?
    /// The last GraphQL query sent, with the exchange that answered it (`graphql models` reads it).
    public internal(set) var lastGraphQLQuery: SentGraphQLQuery?
    /// Where output that arrives while the prompt waits goes (a WebSocket's frames): above the
    /// line being typed (the REPL's); nil writes it to the console at once.
    public var asynchronousOutput: (@Sendable ([UInt8]) -> Void)?

    /// A session printing to `console`; `base` is set as `base(_:)` would, and an invalid one is
    /// reported on the console (one line) and left unset, so a snippet's first line never throws.
    /// A compiled snippet's `Workbench()` has the empty environment (its `spec` brings its reader).
    public init(base: String? = nil, console: Console = .standard, environment: WorkbenchEnvironment = WorkbenchEnvironment()) {
        self.console = console
        self.environment = environment
        self.showsSpinner = console.isTerminal
        if let text = ProcessInfo.processInfo.environment["WORKBENCH_SANDBOX_URL"] {
            sandboxURL = URL(string: text)
        }
        if let base {
            do {
                try self.base(base)
            } catch {
                console.line("error: \(error)")
                console.flush()
            }
        }
    }

    /// The last exchange, if anything was sent.
    public var lastExchange: Exchange? { exchanges.last }

    /// Seconds a whole request may take (`set timeout SECONDS`).
    public var timeout: Double {
        get { options.timeout }
        set { options.timeout = newValue }
    }

    /// The most bytes a response body (after decompression) or a file read by `json @FILE` and
    /// `body @FILE` may have (`set max-body SIZE`).
    public var maxBodyBytes: Int {
        get { options.maxResponseBytes }
        set { options.maxResponseBytes = newValue }
    }

    /// Whether redirects are followed (`set redirects on|off`).
    public var followRedirects: Bool {
        get { options.followRedirects }
        set { options.followRedirects = newValue }
    }

    /// A short name for the current host, for the prompt: `jsonplaceholder` for the sandbox's
    /// `/jsonplaceholder` or for `jsonplaceholder.typicode.com`; nil with no host.
    public var hostLabel: String? {
        guard let host = request.components.host ?? base?.host, !host.isEmpty else { return nil }
        if let sandboxURL, sandboxURL.host == host, sandboxURL.port == (request.components.port ?? base?.port) {
            let path = base?.path ?? request.components.path
            return PathResolution.segments(path).first ?? "sandbox"
        }
        let labels = host.split(separator: ".").map(String.init)
        if labels.count == 4, labels.allSatisfy({ Int($0) != nil }) { return host }
        return labels.first { !["www", "api"].contains($0) } ?? host
    }
}
