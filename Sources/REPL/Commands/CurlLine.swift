import Foundation

/// A pasted curl command's options, as curl reads them: what `curl ARGS…` sets and sends. Its
/// statements are in `CurlLine+Statements.swift`; the words come from `ShellWords`.
struct CurlLine {
    /// One `-d`-like option's text, in order: curl joins them with `&` (`--json` ones with nothing).
    struct DataOption: Equatable {
        var text: String
        /// `--data-binary @FILE` alone can stay a file the statement reads when it runs.
        var file: String?
    }

    var url: String?
    var method: String?
    var head = false
    var get = false
    var json = false
    var followRedirects = false
    var insecure = false
    /// `-N`: curl prints the body as it arrives, as `send --stream` shows it.
    var stream = false
    var headers: [(name: String, value: String)] = []
    var data: [DataOption] = []
    /// `-F` fields: `name=value`, or `name=@PATH[;type=TYPE]` for a file.
    var form: [(name: String, value: String)] = []

    /// Options that only change what curl prints: Workbench prints the exchange its own way.
    static let outputOnly: Set<String> = [
        "-s", "--silent", "-S", "--show-error", "-v", "--verbose", "-i", "--include", "-f", "--fail", "--fail-with-body",
        "--no-progress-meter", "-#", "--progress-bar",
    ]
    /// Options that take a value, each to the one name `take` knows it by.
    static let valued: [String: String] = [
        "--url": "--url", "-X": "-X", "--request": "-X", "-H": "-H", "--header": "-H", "-d": "-d", "--data": "-d",
        "--data-ascii": "-d", "--data-raw": "--data-raw", "--data-binary": "--data-binary",
        "--data-urlencode": "--data-urlencode", "--json": "--json", "-F": "-F", "--form": "-F", "--form-string": "--form-string",
        "-u": "-u", "--user": "-u", "-b": "-b", "--cookie": "-b", "-A": "-A", "--user-agent": "-A", "-e": "-e", "--referer": "-e",
    ]

    /// Reads the words after `curl`; an option Workbench does not take is a one-line error.
    static func parse(_ words: [String]) throws -> CurlLine {
        var line = CurlLine()
        var index = 0
        func value(for option: String) throws -> String {
            guard index < words.count else { throw UsageError("curl: \(option) needs a value") }
            index += 1
            return words[index - 1]
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if word.hasPrefix("--") || !word.hasPrefix("-") || word == "-" {
                if word.hasPrefix("--"), let canonical = valued[word] {
                    try line.take(canonical, try value(for: word))
                } else if word.hasPrefix("--") {
                    try line.take(flag: word)
                } else {
                    try line.take("--url", word)
                }
                continue
            }
            // Short options combine (`-sSL`); one that takes a value takes the rest of the word or the next word.
            var letters = Substring(word.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                let option = "-" + String(letter)
                if let canonical = valued[option] {
                    try line.take(canonical, letters.isEmpty ? try value(for: option) : String(letters))
                    break
                }
                try line.take(flag: option)
            }
        }
        guard line.url != nil else { throw UsageError("curl: no URL — `curl URL [options]`, or `curl` alone to print the current request") }
        return line
    }

    private mutating func take(flag: String) throws {
        if Self.outputOnly.contains(flag) { return }
        switch flag {
        case "-G", "--get": get = true
        case "-I", "--head": head = true
        case "-L", "--location": followRedirects = true
        case "-k", "--insecure": insecure = true
        case "-N", "--no-buffer": stream = true
        case "--compressed", "-g", "--globoff": break
        default: throw UsageError("curl: \(flag) is not taken here (Workbench sends the request itself)")
        }
    }

    private mutating func take(_ option: String, _ value: String) throws {
        switch option {
        case "--url":
            guard url == nil else { throw UsageError("curl: one URL at a time — got '\(ErrorLine.echo(url ?? ""))' and '\(ErrorLine.echo(value))'") }
            url = value
        case "-X": method = value
        case "-H":
            if value.hasPrefix("@") { throw UsageError("curl: -H @FILE (headers read from a file) is not taken here — write each -H 'Name: value'") }
            guard let colon = value.firstIndex(of: ":") else {
                // curl's `Name;` sends the header with an empty value.
                if value.hasSuffix(";") { return headers.append((String(value.dropLast()), "")) }
                throw UsageError("curl: header '\(ErrorLine.echo(value))' has no ':' — write -H 'Name: value'")
            }
            let name = value[..<colon].trimmingCharacters(in: .whitespaces)
            let fieldValue = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // curl's `Name:` with nothing after removes a header it would add: here there is none to remove.
            if !fieldValue.isEmpty { headers.append((name, fieldValue)) }
        case "-d": data.append(DataOption(text: try Self.fileText(value, strippingLineBreaks: true) ?? value))
        case "--data-raw": data.append(DataOption(text: value))
        case "--data-binary":
            let path = value.hasPrefix("@") ? String(value.dropFirst()) : nil
            data.append(DataOption(text: try Self.fileText(value, strippingLineBreaks: false) ?? value, file: path))
        case "--data-urlencode": data.append(DataOption(text: try Self.urlEncoded(value)))
        case "--json":
            json = true
            data.append(DataOption(text: try Self.fileText(value, strippingLineBreaks: false) ?? value))
        case "-F", "--form-string":
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw UsageError("curl: \(option) '\(ErrorLine.echo(value))' is not name=value")
            }
            let name = String(value[..<equals]), content = String(value[value.index(after: equals)...])
            // A file's `@PATH` is read when the statement runs; `<FILE` (a file's text as a field) is not taken.
            if option == "-F" && content.hasPrefix("<") { throw UsageError("curl: -F '\(ErrorLine.echo(value))': '<FILE' is not taken here — write name=@FILE for a file") }
            if option == "--form-string" && content.hasPrefix("@") {
                throw UsageError("curl: --form-string '\(ErrorLine.echo(value))': a value starting with '@' is read as a file here — it cannot be sent as text")
            }
            form.append((name, content))
        case "-u":
            guard value.contains(":") else { throw UsageError("curl: -u '\(ErrorLine.echo(value))' has no password — curl would ask for one; write -u user:password") }
            headers.append(("Authorization", "Basic " + Data(value.utf8).base64EncodedString()))
        case "-b":
            guard value.contains("=") else { throw UsageError("curl: -b '\(ErrorLine.echo(value))' is a cookie file, which is not taken here — write -b 'name=value'") }
            headers.append(("Cookie", value))
        case "-A": headers.append(("User-Agent", value))
        case "-e": headers.append(("Referer", value))
        default: break
        }
    }

    /// `@FILE`'s text (`-d` drops its line breaks, as curl does); nil for text that is not `@…`.
    static func fileText(_ value: String, strippingLineBreaks: Bool) throws -> String? {
        guard value.hasPrefix("@") else { return nil }
        let path = String(value.dropFirst())
        guard let contents = FileManager.default.contents(atPath: path) else { throw UsageError("curl: cannot read '\(path)'") }
        let text = String(decoding: contents, as: UTF8.self)
        return strippingLineBreaks ? text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } : text
    }

    /// `--data-urlencode`: `content`, `=content`, `name=content`, `@file` or `name@file`; the
    /// content is percent-encoded, the name is not.
    static func urlEncoded(_ value: String) throws -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }
        let equals = value.firstIndex(of: "="), at = value.firstIndex(of: "@")
        if let at, equals.map({ at < $0 }) ?? true {
            let name = String(value[..<at])
            let content = try fileText(String(value[at...]), strippingLineBreaks: false) ?? ""
            return (name.isEmpty ? "" : name + "=") + encode(content)
        }
        guard let equals else { return encode(value) }
        let name = String(value[..<equals])
        return (name.isEmpty ? "" : name + "=") + encode(String(value[value.index(after: equals)...]))
    }
}
