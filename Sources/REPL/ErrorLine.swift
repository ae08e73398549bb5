/// An error is one line: what the user typed is quoted cut short, and a line break in it is
/// shown as `⏎` instead of starting a new line.
enum ErrorLine {
    /// `text` as an error quotes it: line breaks as `⏎`, cut after `limit` characters with `…`.
    static func echo(_ text: some StringProtocol, limit: Int = 60) -> String {
        let shown = oneLine(String(text))
        return shown.count > limit ? String(shown.prefix(limit)) + "…" : shown
    }

    /// `message` on one line: each line break in it (`\n`, `\r\n`, `\r`) shown as `⏎`.
    static func oneLine(_ message: String) -> String {
        message.oneLine
    }
}
