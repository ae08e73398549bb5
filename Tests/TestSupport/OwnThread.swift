import Foundation

/// Runs blocking `work` (waiting for a child process, a pipe or a terminal) on a thread of its own
/// and awaits its result.
///
/// Swift's cooperative pool has one thread per core, two on our machines, and the sandboxes that
/// tests start in this process answer requests on that pool. A test that blocks a pool thread for
/// seconds (a `workbench` run, `curl` asking the sandbox) starves every sandbox in the run: a CI
/// run failed with 27 tests timing out that way.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Result { try work() })
        }.start()
    }
}
