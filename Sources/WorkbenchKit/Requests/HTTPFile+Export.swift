import Foundation

extension HTTPFile {
    /// The requests of `exchanges` as an `.http` file both clients read: one block each, `### N`,
    /// the request line, its headers and its body (text; a body that is not UTF-8 is left out with
    /// a comment saying so). A URL under `sandboxRoot` is written `sandbox/…`, as `save` writes it;
    /// a secret header's value (SecretNames) is `{{$processEnv NAME}}`, never the value itself.
    public static func text(of exchanges: [Exchange], sandboxRoot: String?) -> String {
        var blocks: [String] = []
        for exchange in exchanges {
            let url = exchange.url.absoluteString
            var lines = ["### \(exchange.number)", "\(exchange.method) \(sandboxRoot.flatMap { SandboxAddress.portable(url, root: $0) } ?? url)"]
            for field in exchange.requestHeaders.fields {
                let value = SecretNames.isSecret(field.name) ? "{{$processEnv \(SecretNames.variable(for: field.name))}}" : field.value
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
}
