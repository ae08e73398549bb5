import Foundation
import TerminalImages

/// How the REPL's `wb` is set up, written by the REPL for each compiled input so the program's
/// own `wb` starts configured the same (sandbox, offline routes, transport options, output).
public struct PromptSettings: Codable, Sendable, Equatable {
    public var sandboxURL: URL?
    /// Offline mode's routes from real hosts to the sandbox; empty when offline mode is off.
    public var offlineRoutes: [OfflineRoute]
    public var timeout: Double
    public var followRedirects: Bool
    public var maxResponseBytes: Int
    public var bodyLines: Int
    /// Whether the REPL's console is a terminal and uses colours (the program's output is piped).
    public var terminal: Bool
    public var colors: Bool
    /// How the REPL's terminal draws an image body (nil: the one line), and its size.
    public var imageGraphics: TerminalGraphics?
    public var canvas: TerminalCanvas?
    /// Whether the new input's expressions show their values (the prompt) or not (snippet replay,
    /// which prints what the compiled snippet prints).
    public var showsResults = true
    /// In the Swift host: the session is being rebuilt, so inputs run again quietly, their sends
    /// answered from the recording.
    public var rebuilding = false
    /// In the Swift host while the session is rebuilt: how many of a library's live units run (a
    /// batch of steps `play` ran that stopped, or was cut, after them); nil: all of them.
    public var liveUnitsToRun: Int?
    /// Whether the requests the session's own URLSessions make join the history (the prompt's);
    /// replay has no history to show (SessionRequests.swift).
    public var recordsSessionRequests = true
    /// The REPL's cookie jar when the input starts: the host's `wb` sends these.
    public var cookies: [StoredCookie] = []

    public init(sandboxURL: URL? = nil, offlineRoutes: [OfflineRoute] = [], options: TransportOptions = TransportOptions(),
                bodyLines: Int = 40, terminal: Bool = false, colors: Bool = false) {
        self.sandboxURL = sandboxURL
        self.offlineRoutes = offlineRoutes
        timeout = options.timeout
        followRedirects = options.followRedirects
        maxResponseBytes = options.maxResponseBytes
        self.bodyLines = bodyLines
        self.terminal = terminal
        self.colors = colors
    }

    public var options: TransportOptions {
        TransportOptions(timeout: timeout, followRedirects: followRedirects, maxResponseBytes: maxResponseBytes)
    }
}

/// One rule of offline mode as data (a compiled program cannot call the REPL's routing):
/// an http(s) URL on `host` whose path starts with `pathPrefix` is sent to the sandbox at
/// `sandboxPath` followed by the rest of the path, with its query and fragment.
public struct OfflineRoute: Codable, Sendable, Equatable {
    public var host: String
    public var pathPrefix: String
    public var sandboxPath: String

    public init(host: String, pathPrefix: String = "/", sandboxPath: String) {
        self.host = host
        self.pathPrefix = pathPrefix
        self.sandboxPath = sandboxPath
    }

    /// The sandbox URL for `realURL` under the first route that matches it, or nil.
    public static func sandboxURL(for realURL: URL, sandbox: URL, routes: [OfflineRoute]) -> URL? {
        guard let real = URLComponents(url: realURL, resolvingAgainstBaseURL: true),
              let scheme = real.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = real.host?.lowercased(),
              var target = URLComponents(url: sandbox, resolvingAgainstBaseURL: true)
        else { return nil }
        let path = real.percentEncodedPath.isEmpty ? "/" : real.percentEncodedPath
        guard let route = routes.first(where: { $0.host == host && path.hasPrefix($0.pathPrefix) }) else { return nil }
        let base = target.percentEncodedPath.hasSuffix("/") ? String(target.percentEncodedPath.dropLast()) : target.percentEncodedPath
        target.percentEncodedPath = base + route.sandboxPath + path.dropFirst(route.pathPrefix.count)
        target.percentEncodedQuery = real.percentEncodedQuery
        target.percentEncodedFragment = real.percentEncodedFragment
        return target.url
    }

    /// The real URL `sandboxURL` stands in for, `sandboxURL(for:)` read backwards: the first route
    /// whose sandbox path it is under (routes list a service's own host first), over https, as
    /// every service the sandbox imitates is served; nil for a URL outside the sandbox or its routes.
    public static func realURL(for sandboxURL: URL, sandbox: URL, routes: [OfflineRoute]) -> URL? {
        guard let given = URLComponents(url: sandboxURL, resolvingAgainstBaseURL: true),
              let root = URLComponents(url: sandbox, resolvingAgainstBaseURL: true),
              given.scheme?.lowercased() == root.scheme?.lowercased(), given.host?.lowercased() == root.host?.lowercased(),
              given.port == root.port
        else { return nil }
        let base = root.percentEncodedPath.hasSuffix("/") ? String(root.percentEncodedPath.dropLast()) : root.percentEncodedPath
        guard given.percentEncodedPath.hasPrefix(base + "/") else { return nil }
        let path = String(given.percentEncodedPath.dropFirst(base.count))
        // `/jsonplaceholder` is the API's root as much as `/jsonplaceholder/` is.
        guard let route = routes.first(where: { path.hasPrefix($0.sandboxPath) || path + "/" == $0.sandboxPath }) else { return nil }
        var real = URLComponents()
        real.scheme = "https"
        real.host = route.host
        real.percentEncodedPath = route.pathPrefix + path.dropFirst(min(route.sandboxPath.count, path.count))
        real.percentEncodedQuery = given.percentEncodedQuery
        real.percentEncodedFragment = given.percentEncodedFragment
        return real.url
    }
}

/// The files of one compiled input's exchange with the REPL, in the session's private directory.
public enum PromptFiles {
    /// The environment variable that names the session's directory in the program's process.
    public static let directoryVariable = "WORKBENCH_PROMPT_DIR"
    /// `PromptSettings` as JSON.
    public static let settings = "settings.json"
    /// The earlier inputs' sends, in order (`PromptEvent.exchange` / `.sendFailed` records).
    public static let recording = "recording.bin"
    /// What the program reports as it runs (`PromptEvent` records, appended).
    public static let results = "results.bin"
    /// Standard error while earlier inputs run (a trap there still says why).
    public static let quietErrors = "quiet-errors.txt"
    /// A folder of the requests the session's own URLSessions made (a `PromptEvent.exchange` record a
    /// file, written by the host as they end, taken by the REPL: SessionRequests.swift).
    public static let sessionRequests = "session-requests"

    /// The session directory named by `directoryVariable` in this process, if any.
    static var current: PromptDirectory {
        PromptDirectory(url: ProcessInfo.processInfo.environment[directoryVariable].map(URL.init(fileURLWithPath:)))
    }
}

/// The files of `PromptFiles` in one session directory, as the program reads them.
struct PromptDirectory {
    let url: URL?

    var settings: PromptSettings {
        url.flatMap { try? Data(contentsOf: $0.appendingPathComponent(PromptFiles.settings)) }
            .flatMap { try? JSONDecoder().decode(PromptSettings.self, from: $0) } ?? PromptSettings()
    }

    /// The recording, its bodies mapped from the files the REPL wrote them to.
    var recording: [PromptEvent] {
        guard let url, let data = try? Data(contentsOf: url.appendingPathComponent(PromptFiles.recording)) else { return [] }
        return PromptEvent.all(in: data, folder: url)
    }

    /// The results file opened for appending (-1 without a directory).
    func openResults() -> Int32 {
        url.map { open($0.appendingPathComponent(PromptFiles.results).path, O_WRONLY | O_APPEND | O_CREAT, 0o600) } ?? -1
    }

    var quietErrorsPath: String? { url?.appendingPathComponent(PromptFiles.quietErrors).path }
}
