import Foundation

extension HTTPFile {
    /// The requests of `exchanges` as an `.http` file: one block each, `###`, the request line,
    /// its headers and its body (text; a body that is not UTF-8 is left out with a comment saying
    /// so). A URL under `sandboxRoot` is written `sandbox/…`, as `save` writes it (only Workbench
    /// reads that); a secret header's or query item's value (SecretNames) is
    /// `{{$processEnv NAME}}`, never the value itself. A Digest challenge's answer is written as
    /// the credentials that answer it again, `Authorization: Digest USER {{$processEnv
    /// DIGEST_PASSWORD}}` (the answer itself holds a nonce the server will not take twice).
    public static func text(of exchanges: [Exchange], sandboxRoot: String?) -> String {
        var blocks: [String] = []
        for exchange in exchanges {
            let url = Self.hidingSecrets(in: exchange.url)
            var lines = ["###", "\(exchange.method) \(sandboxRoot.flatMap { SandboxAddress.portable(url, root: $0) } ?? url)"]
            for field in exchange.requestHeaders.fields {
                var value = SecretNames.isSecret(field.name) ? "{{$processEnv \(SecretNames.variable(for: field.name))}}" : field.value
                if field.name.lowercased() == "authorization", let user = Self.digestUser(in: field.value) {
                    value = "Digest \(user) {{$processEnv \(SecretNames.variable(for: "digest-password"))}}"
                }
                lines.append("\(field.name): \(value)")
            }
            if let body = exchange.requestBody, !body.isEmpty {
                lines.append("")
                if let text = String(data: body, encoding: .utf8) {
                    lines.append(text)
                } else {
                    lines.append("# a body of \(body.count) bytes that are not text was sent here")
                }
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The user a Digest answer (`Digest username="ada", realm=…`) names, when one word.
    static func digestUser(in value: String) -> String? {
        guard value.lowercased().hasPrefix("digest "), let start = value.range(of: "username=\"") else { return nil }
        let user = value[start.upperBound...].prefix { $0 != "\"" }
        return user.isEmpty || user.contains(" ") ? nil : String(user)
    }

    /// The URL with a secret query item's value (`api_key=…`) as `{{$processEnv API_KEY}}`.
    static func hidingSecrets(in url: URL) -> String {
        let text = url.absoluteString
        guard let question = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text[question...].firstIndex(of: "#") ?? text.endIndex
        let items = text[text.index(after: question)..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = String(item[..<equals])
            let decoded = name.removingPercentEncoding ?? name
            return SecretNames.isSecret(decoded) ? name + "={{$processEnv \(SecretNames.variable(for: decoded))}}" : String(item)
        }
        return text[...question] + items.joined(separator: "&") + text[fragmentStart...]
    }
}
