/// Whether the text typed so far is a whole input, and if not, what to do with the lines read.
public enum InputCompleteness: Equatable, Sendable {
    /// A whole input: run it.
    case complete
    /// A valid beginning that ends too early: read another line.
    case incomplete
    /// The last line cannot continue what came before: the lines before it are the input (it
    /// fails with its own error) and the last line is read again as the start of the next one.
    case completeBeforeLastLine
}
