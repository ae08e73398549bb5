/// A model command that cannot run, in one line.
public enum WorkspaceError: Error, Equatable, CustomStringConvertible {
    case noBody
    case message(String)

    public var description: String {
        switch self {
        case .noBody: "no JSON body yet: send a request, or load a document with `json @FILE` or `json {…}`"
        case .message(let text): text
        }
    }
}
