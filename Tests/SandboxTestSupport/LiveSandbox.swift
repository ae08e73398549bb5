import Foundation
import Sandbox

/// A sandbox on 127.0.0.1 and an ephemeral port for the length of one test.
public enum LiveSandbox {
    /// Starts a sandbox on port 0, hands its base URL (e.g. `http://127.0.0.1:49731`) to `body`, stops it after.
    @discardableResult
    public static func with<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
        let sandbox = try await Sandbox.start(host: "127.0.0.1", port: 0)
        do {
            let result = try await body(sandbox.baseURL)
            await sandbox.stop()
            return result
        } catch {
            await sandbox.stop()
            throw error
        }
    }

    /// Same as `with(_:)`, handing over the sandbox itself (for its host and port).
    @discardableResult
    public static func withSandbox<Result>(_ body: (Sandbox) async throws -> Result) async throws -> Result {
        let sandbox = try await Sandbox.start(host: "127.0.0.1", port: 0)
        do {
            let result = try await body(sandbox)
            await sandbox.stop()
            return result
        } catch {
            await sandbox.stop()
            throw error
        }
    }
}

/// `LiveSandbox.with` for main-actor tests: the body stays on the main actor (Workbench is
/// `@MainActor`), which a non-Sendable closure handed to a nonisolated function cannot.
@MainActor
public func withLiveSandbox(_ body: @MainActor (URL) async throws -> Void) async throws {
    let sandbox = try await Sandbox.start(host: "127.0.0.1", port: 0)
    do {
        try await body(sandbox.baseURL)
        await sandbox.stop()
    } catch {
        await sandbox.stop()
        throw error
    }
}
