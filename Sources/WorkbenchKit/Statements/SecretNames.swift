/// Which header and query values are secrets, and the environment variable a snippet reads one from.
///
/// One rule for everything that writes a session down: history, saved snippets, the programs the
/// compiled path runs.
public enum SecretNames {
    /// A name that contains (in any case) one of `fragments`: `Authorization`, `Cookie`,
    /// `X-Session`, `X-Api-Key`, `api_key`, `access_token`, `client_secret`, `password`; or is
    /// `passwd`, `sig`, `signature`. A word of the name that is `author` or `keyword` (`authorId`,
    /// `X-Author`, `keywords`) holds a fragment but names no secret.
    public static func isSecret(_ name: String) -> Bool {
        if ["passwd", "sig", "signature"].contains(name.lowercased()) { return true }
        let kept = words(of: name).filter { !notSecrets.contains($0) }.joined(separator: "-")
        return fragments.contains { kept.contains($0) }
    }

    static let fragments = ["session", "token", "key", "secret", "auth", "password", "cookie"]
    static let notSecrets: Set<String> = ["author", "authors", "keyword", "keywords"]

    /// `X-Author`, `author_id`, `authorId` → `["x", "author"]`, `["author", "id"]`, `["author", "id"]`.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previousIsLower = false
        for character in name {
            let isAlphanumeric = character.isLetter || character.isNumber
            if !isAlphanumeric || (previousIsLower && character.isUppercase) {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ""
            }
            if isAlphanumeric { word.append(character) }
            previousIsLower = character.isLowercase
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }

    /// `Authorization` → `AUTHORIZATION`, `X-API-Key` → `X_API_KEY`.
    public static func variable(for name: String) -> String {
        let mapped = name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        let text = String(mapped)
        return text.first?.isNumber == true ? "_" + text : text
    }

    /// `ProcessInfo.processInfo.environment["AUTHORIZATION"] ?? ""`: how Swift written from a
    /// session reads the secret named `name` (saved snippets, app code, compiled programs).
    public static func environmentRead(for name: String) -> String {
        "ProcessInfo.processInfo.environment[\(SwiftLiteral.quoted(variable(for: name)))] ?? \"\""
    }
}
