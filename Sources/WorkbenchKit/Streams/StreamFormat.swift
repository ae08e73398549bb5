/// How a body that streams is shown as it arrives, decided from the response's head (and, for a
/// body that keeps arriving, from its first bytes).
public enum StreamFormat: Sendable, Equatable {
    /// `text/event-stream`: each event with its fields.
    case events
    /// NDJSON / JSON Lines: each line when it is complete.
    case lines
    /// Text as it comes: any body asked for with `--stream`, or a text body that keeps arriving.
    case raw
    /// A body that keeps arriving and is not text: the hex view's rows, byte by byte.
    case hex

    /// The format a media type streams in on its own; nil for a body shown whole at the end.
    public static func announced(by mimeType: String?) -> StreamFormat? {
        switch mimeType {
        case "text/event-stream": .events
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
             "application/jsonlines", "application/json-seq":
            .lines
        default: nil
        }
    }

    /// The format `--stream` shows a body of this type in.
    public static func requested(for mimeType: String?) -> StreamFormat {
        announced(by: mimeType) ?? .raw
    }
}
