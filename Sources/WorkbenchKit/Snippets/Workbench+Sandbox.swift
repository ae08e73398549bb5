import Foundation

extension Workbench {
    /// A session whose `base("sandbox/NAME")` means the sandbox at `sandbox` (a compiled snippet
    /// passes `try await Sandbox.start().baseURL`; replay passes the session's own sandbox).
    public convenience init(base: String? = nil, sandbox: URL?, console: Console = .standard,
                            environment: WorkbenchEnvironment = WorkbenchEnvironment()) {
        self.init(console: console, environment: environment)
        sandboxURL = sandbox
        guard let base else { return }
        do {
            try self.base(base)
        } catch {
            console.line("error: \(error)")
            console.flush()
        }
    }
}
