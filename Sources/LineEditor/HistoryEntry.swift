import Foundation

/// What of an input goes into history: all of it up to `limit`, else its beginning and a note of
/// how much was left out.
///
/// A 5 MB paste kept whole made every later save and every start pay for it. An input that long
/// is a document, not something to edit and run again, so its first kilobyte is enough to find
/// it with Up or Ctrl-R.
public enum HistoryEntry {
    /// The largest input kept whole, in UTF-8 bytes.
    public static let limit = 64 * 1024
    /// How much of a longer input is kept.
    public static let keptHead = 1024

    /// `text` itself when it fits, else its first `keptHead` bytes (cut between characters) and
    /// ` … (5.0 MB more left out of history)`.
    public static func bounded(_ text: String) -> String {
        let size = text.utf8.count
        guard size > limit else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: keptHead)
        while end > text.startIndex, String.Index(end, within: text) == nil {
            end = text.utf8.index(before: end)
        }
        let left = size - text.utf8.distance(from: text.utf8.startIndex, to: end)
        return String(text[..<end]) + " … (\(describe(bytes: left)) more left out of history)"
    }

    /// A size as people read it: `700 KB`, `5.0 MB`.
    public static func describe(bytes: Int) -> String {
        let kilobyte = 1024, megabyte = 1024 * 1024
        if bytes >= megabyte { return String(format: "%.1f MB", Double(bytes) / Double(megabyte)) }
        if bytes >= kilobyte { return "\(bytes / kilobyte) KB" }
        return "\(bytes) bytes"
    }
}
