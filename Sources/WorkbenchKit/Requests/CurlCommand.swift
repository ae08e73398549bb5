import Foundation

/// A request written as a curl command line, quoted for a POSIX shell.
public enum CurlCommand {
    /// `digest`: the credentials a Digest challenge is answered with (`--digest -u`), as headers are, in clear.
    public static func render(method: String, url: String, headers: HeaderList, body: RequestBody?,
                              digest: DigestCredentials? = nil) -> String {
        var words = ["curl"]
        switch (method, body) {
        case ("HEAD", _): words.append("--head")
        case ("GET", nil): break
        default: words += ["-X", method]
        }
        // curl reads [] and {} in a URL as globs unless told not to.
        if url.contains(where: { "[]{}".contains($0) }) { words.append("--globoff") }
        words.append(shellQuoted(url))
        for field in headers {
            // curl writes a multipart body's Content-Type itself, with its own boundary.
            if case .multipart(let multipart)? = body, field.value == multipart.contentType { continue }
            words += ["-H", shellQuoted("\(field.name): \(field.value)")]
        }
        if let digest { words += ["--digest", "-u", shellQuoted("\(digest.user):\(digest.password)")] }
        switch body {
        case .none: break
        case .multipart(let multipart):
            for part in multipart.parts {
                if let path = part.path {
                    let type = part.contentType.map { $0 == "application/octet-stream" ? "" : ";type=" + $0 } ?? ""
                    words += ["-F", shellQuoted("\(part.name)=@\(path)\(type)")]
                } else {
                    // curl reads a leading `@` or `<` and a `;` in a -F value; --form-string takes it as it is.
                    let value = String(decoding: part.data, as: UTF8.self)
                    let plain = !value.hasPrefix("@") && !value.hasPrefix("<") && !value.contains(";")
                    words += [plain ? "-F" : "--form-string", shellQuoted("\(part.name)=\(value)")]
                }
            }
        case .file(let path, let data):
            if let text = String(validating: data, as: UTF8.self), !text.contains("\0") {
                words += ["--data-raw", shellQuoted(text)]
            } else {
                words += ["--data-binary", "@" + shellQuoted(path)]
            }
        case .some(let body):
            words += ["--data-raw", shellQuoted(String(decoding: body.data, as: UTF8.self))]
        }
        return words.joined(separator: " ")
    }

    /// Single-quoted unless plainly safe; a `'` inside becomes `'\''`.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+,=")
        if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
