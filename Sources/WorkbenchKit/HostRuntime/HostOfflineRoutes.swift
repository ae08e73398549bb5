import Foundation

/// Offline mode for every request the session's own code makes in the Swift host, whatever
/// `URLSession` it uses (`.shared`, `.default`, `.ephemeral`; data, upload, download tasks): the
/// host program catches the URL each request gives libcurl (Sources/WorkbenchHost/curl.c) and asks
/// `workbench_offline_url` for the sandbox's, by the same routes `get` uses. The URL the code
/// sees in its response stays the real one: Foundation keeps the request's own.
enum HostOfflineRoutes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sandbox: URL?
    nonisolated(unsafe) private static var routes: [OfflineRoute] = []

    static func set(sandbox: URL?, routes: [OfflineRoute]) {
        lock.withLock {
            self.sandbox = sandbox
            self.routes = routes
        }
    }

    /// The sandbox URL for `text`, when offline mode routes it there.
    static func route(_ text: String) -> String? {
        let (sandbox, routes) = lock.withLock { (self.sandbox, self.routes) }
        guard let sandbox, !routes.isEmpty, let url = URL(string: text) else { return nil }
        return OfflineRoute.sandboxURL(for: url, sandbox: sandbox, routes: routes)?.absoluteString
    }
}

/// libcurl's URL for a request, routed to the sandbox (a `malloc`ed copy the caller frees), or
/// NULL to send it as it is.
@_cdecl("workbench_offline_url")
public func workbenchOfflineURL(_ url: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>? {
    guard let routed = HostOfflineRoutes.route(String(cString: url)) else { return nil }
    return strdup(routed)
}
