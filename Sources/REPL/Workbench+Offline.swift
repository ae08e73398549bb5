import Foundation
import Sandbox
import WorkbenchKit

extension Workbench {
    /// Offline mode: requests to the real hosts the sandbox serves are sent to `sandbox` (nil turns
    /// it off); the URL the user typed and sees stays the real one. One place for the prompt,
    /// `replay` and `workbench replay`.
    func routeOffline(through sandbox: URL?) {
        guard let sandbox else {
            urlRewriter = nil
            return
        }
        urlRewriter = { OfflineRouting.sandboxURL(for: $0, sandbox: sandbox) }
    }
}

extension WorkbenchError {
    /// The one line for this error at the prompt. A host that cannot be found says what offline mode
    /// would do: the sandbox answers for that API (so: turn it on), or, offline already, which real
    /// APIs it answers for — tutorial hosts are often unreachable from a classroom.
    func lineWithOfflineHint(offline: Bool) -> String {
        guard case .transportFailure(let failure, let url) = self, case .hostNotFound = failure.cause,
              let realURL = URL(string: url) else { return description }
        if !offline && OfflineRouting.isServedOffline(realURL) {
            return "request to \(url) failed: \(failure.words) — the sandbox answers for this API offline: "
                + "`set offline on` (or start with `workbench --offline`)"
        }
        guard offline else { return description }
        var served: [String] = []
        for route in OfflineRouting.routes where !served.contains(route.host + route.pathPrefix) {
            served.append(route.host + route.pathPrefix)
        }
        return "request to \(url) failed: \(failure.words) — offline, the sandbox answers only for "
            + served.joined(separator: ", ")
    }
}
