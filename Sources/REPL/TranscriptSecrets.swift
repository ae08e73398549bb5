/// Which recorded values are secrets, and the environment variable a snippet reads instead.
enum TranscriptSecrets {
    /// `Authorization`, `Cookie`, token-like names: the same rule that keeps them out of history.
    static func isSecret(name: String) -> Bool {
        HistoryRedaction.isSecret(name: name)
    }

    /// `Authorization` → `AUTHORIZATION`, `X-API-Key` → `X_API_KEY`.
    static func variable(for name: String) -> String {
        let mapped = name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        let text = String(mapped)
        return text.first?.isNumber == true ? "_" + text : text
    }
}
