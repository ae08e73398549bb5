extension Session {
    /// Runs a line that is Swift rather than a command; false when it is not Swift at all.
    ///
    /// Declarations, `let` bindings and expressions arrive here (the models work fills this in).
    func evaluateSwift(_ source: String) async throws -> Bool {
        false
    }
}
