import WorkbenchKit

extension Session {
    /// Whether Swift the fast path does not cover can run on the installed toolchain.
    var compiledPathAvailable: Bool { false }

    /// Runs `source` on the compiled path, after the session's steps so far.
    func runCompiled(_ source: String) async throws {
        throw SwiftInputError("'\(source.prefix(40))' needs the Swift compiler, which is not available here")
    }

    /// A `\(expression)` the fast path does not cover, evaluated on the compiled path.
    func compiledInterpolationText(_ expression: String) async throws -> String {
        throw SwiftInputError("cannot evaluate '\\(\(expression))' without the Swift compiler")
    }
}
