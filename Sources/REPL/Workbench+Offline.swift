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
