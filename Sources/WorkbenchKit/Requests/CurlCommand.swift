import Foundation

/// A request written as a curl command line, quoted for a POSIX shell.
public enum CurlCommand {
    public static func render(method: String, url: String, headers: HeaderList, body: RequestBody?) -> String {
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
            words += ["-H", shellQuoted("\(field.name): \(field.value)")]
        }
        switch body {
        case .none: break
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
