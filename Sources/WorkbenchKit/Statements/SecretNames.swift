/// Which header and query values are secrets, and the environment variable a snippet reads one from.
///
/// One rule for everything that writes a session down: history, saved snippets, the programs the
/// compiled path runs.
public enum SecretNames {
    /// `Authorization`, `Cookie`, token- and key-like names.
    public static func isSecret(_ name: String) -> Bool {
        let name = name.lowercased()
        let exact = ["authorization", "proxy-authorization", "cookie", "set-cookie", "key", "apikey", "api_key",
                     "api-key", "x-api-key", "password", "passwd", "secret", "sig", "signature"]
        return exact.contains(name) || name.contains("token") || name.contains("secret")
            || name.hasSuffix("-key") || name.hasSuffix("_key")
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
