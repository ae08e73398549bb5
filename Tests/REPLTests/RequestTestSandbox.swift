import Foundation
import Sandbox

/// `LiveSandbox.with` for main-actor tests: the body stays on the main actor (Workbench is
/// `@MainActor`), which a non-Sendable closure handed to a nonisolated function cannot.
@MainActor
func withLiveSandbox(_ body: @MainActor (URL) async throws -> Void) async throws {
    let sandbox = try await Sandbox.start(host: "127.0.0.1", port: 0)
    do {
        try await body(sandbox.baseURL)
        await sandbox.stop()
    } catch {
        await sandbox.stop()
        throw error
    }
}
