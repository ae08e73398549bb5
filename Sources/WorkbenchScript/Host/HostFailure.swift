import Foundation

/// A one-line failure of the host's path.
struct HostFailure: Error {
    let line: String
    /// The compile error in the input, as a value, for its caller to place.
    var compileError: CompileError?
    /// The caught-up step (its session number) the failure is in, when it is passed over.
    var caughtUpStep: Int?
    /// The input's unit the compile error is in (0-based), of an input of several.
    var liveUnit: Int?
    /// What is printed under `line`: a placed compile error's source line and caret.
    var context: [String]
    init(_ line: String, compileError: CompileError? = nil, caughtUpStep: Int? = nil, context: [String] = []) {
        self.line = line
        self.compileError = compileError
        self.caughtUpStep = caughtUpStep
        self.context = context
    }
}
