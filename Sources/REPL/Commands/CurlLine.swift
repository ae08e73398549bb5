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
    /// `-u user:password`: Basic authentication (its header where -u is), or with `--digest` (even
    /// beside `--basic`, which curl adds to it) the answer to a Digest challenge instead.
    var users: [String] = []
    var digest = false
    var insecure = false
    /// `-N`: curl prints the body as it arrives, as `send --stream` shows it.
    var stream = false
    var headers: [(name: String, value: String)] = []
    var data: [DataOption] = []
    /// `-F` fields: `name=value`, or `name=@PATH[;type=TYPE]` for a file.
    var form: [(name: String, value: String)] = []

    /// `-m`: the request's time limit in seconds, which becomes the session's (`set timeout`).
    var maxTime: Double?
    /// `-T FILE`: the file is the body of a PUT.
    var uploadFile: String?
    /// `--url-query` parts, in order, as they join the URL's query.
    var urlQuery: [String] = []
    /// Lines said before the request is sent: an option taken differently from curl.
    var notes: [String] = []
    /// `-b FILE`: cookie files read into the session's jar before the request, which sends those
    /// that match it. `-c FILE`: the jar written there after it.
    var cookieFiles: [String] = []
    var cookieJarFile: String?
    /// Where the body goes, in the order given: `-o FILE` (`-` is standard output: shown, as
    /// without it), or `-O`, the name the URL's path ends in. curl pairs the first with the URL.
    enum Output: Equatable { case file(String), remoteName }
    var outputs: [Output] = []
    /// `--remote-name-all`: `-O` for a URL no output names.
    var remoteNameAll = false
    /// `--output-dir DIR`: put before `-o`'s path and `-O`'s name, as curl does.
    var outputDirectory: String?
    /// How curl writes the file: not on an HTTP error (`-f`), beside one already there
    /// (`--no-clobber`, as `NAME.1`), after making its folders (`--create-dirs`).
    var failOnError = false
    var noClobber = false
    var createDirectories = false
    /// `-J` and `-i`, which change only what a written file is named or holds.
    var namesFromResponse = false
    var includesHeaders = false
    /// `-b name=value`s, in order: one Cookie header.
    var cookies: [String] = []

    /// Reads the words after `curl` as curl does (CurlOptions): an option that cannot be honoured,
    /// or that curl does not have, is a one-line error and nothing is sent.
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
            if !word.hasPrefix("-") || word == "-" {
                try line.take("--url", word, as: "--url")
            } else if word.hasPrefix("--") {
                try line.take(word, CurlOptions.valued.contains(word) ? try value(for: word) : nil, as: word)
            } else {
                // Short options combine (`-sSL`); one that takes a value takes the rest of the word or the next word.
                var letters = Substring(word.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    let short = "-" + String(letter)
                    guard let option = CurlOptions.long[short] else { throw UsageError("curl: \(short) is not an option of curl's") }
                    if CurlOptions.valued.contains(option) {
                        try line.take(option, letters.isEmpty ? try value(for: short) : String(letters), as: short)
                        break
                    }
                    try line.take(option, nil, as: short)
                }
            }
        }
        guard line.url != nil else { throw UsageError("curl: no URL — `curl URL [options]`, or `curl` alone to print the current request") }
        let writes = (line.outputs.first.map { $0 != .file("-") } ?? false) || line.remoteNameAll
        if writes, line.namesFromResponse {
            line.notes.append("note: curl -J names the file from the response's Content-Disposition; here it is named from the URL")
        }
        if writes, line.head || line.includesHeaders {
            line.notes.append("note: curl -i and -I write the response's headers into the file too; here it holds the body alone")
        }
        return line
    }

    /// One option, by its long name (`written` is how the command wrote it); `value` for one that takes it.
    private mutating func take(_ option: String, _ value: String?, as written: String) throws {
        if let reason = CurlOptions.refusal(option) { throw UsageError("curl: \(written): \(reason)") }
        if option == "--include" { includesHeaders = true }
        if CurlOptions.noEffect.contains(option) { return }
        if let value, option == "--output" { return outputs.append(.file(value)) }
        guard let value else { return try take(flag: option, as: written) }
        switch option {
        case "--url":
            guard url == nil else { throw UsageError("curl: one URL at a time — got '\(ErrorLine.echo(url ?? ""))' and '\(ErrorLine.echo(value))'") }
            url = value
        case "--request": method = value
        case "--header":
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
        case "--data", "--data-ascii": data.append(DataOption(text: try Self.fileText(value, strippingLineBreaks: true) ?? value))
        case "--data-raw": data.append(DataOption(text: value))
        case "--data-binary":
            let path = value.hasPrefix("@") ? String(value.dropFirst()) : nil
            data.append(DataOption(text: try Self.fileText(value, strippingLineBreaks: false) ?? value, file: path))
        case "--data-urlencode": data.append(DataOption(text: try Self.urlEncoded(value)))
        case "--url-query": urlQuery.append(value.hasPrefix("+") ? String(value.dropFirst()) : try Self.urlEncoded(value))
        case "--json":
            json = true
            data.append(DataOption(text: try Self.fileText(value, strippingLineBreaks: false) ?? value))
        case "--form", "--form-string": try takeFormField(value, as: option == "--form" ? "-F" : option)
        case "--user":
            guard value.contains(":") else { throw UsageError("curl: -u '\(ErrorLine.echo(value))' has no password — curl would ask for one; write -u user:password") }
            users.append(value)
            headers.append(("Authorization", Self.basic(value)))
        case "--oauth2-bearer": headers.append(("Authorization", "Bearer " + value))
        // `-b name=value` is a cookie sent as it is; anything else is a cookie file, as curl reads it.
        case "--cookie":
            if value.contains("=") {
                cookies.append(value)
            } else if value == "-" {
                throw UsageError("curl: \(written) -: standard input is not read here — give a cookie file or name=value")
            } else if !value.isEmpty {
                cookieFiles.append(value)
            }
        case "--cookie-jar": cookieJarFile = value
        case "--output-dir": outputDirectory = value
        case "--user-agent": headers.append(("User-Agent", value))
        case "--referer": headers.append(("Referer", value))
        case "--range": headers.append(("Range", "bytes=" + value))
        case "--max-time":
            guard let seconds = Double(value), seconds > 0 else { throw UsageError("curl: \(written) '\(ErrorLine.echo(value))' is not a number of seconds") }
            maxTime = seconds
            notes.append("note: curl \(written) \(value): the session's timeout is now \(value) s (`set timeout`), as -L turns `set redirects` on")
        case "--upload-file":
            guard value != "-", value != "." else { throw UsageError("curl: \(written) \(value): standard input is not read here — give a file") }
            guard FileManager.default.isReadableFile(atPath: value) else { throw UsageError("curl: \(written): cannot read '\(ErrorLine.echo(value))'") }
            uploadFile = value
        default: throw UsageError("curl: \(written) is not an option of curl's")
        }
    }

    /// The Authorization value `-u user:password` sends: Basic, as curl's default.
    static func basic(_ user: String) -> String { "Basic " + Data(user.utf8).base64EncodedString() }

    private mutating func take(flag option: String, as written: String) throws {
        switch option {
        case "--get": get = true
        case "--head": head = true
        case "--location", "--location-trusted": followRedirects = true
        case "--insecure":
            insecure = true
            notes.append("note: curl -k: Workbench does not skip TLS verification; the request is sent with it")
        case "--no-buffer": stream = true
        case "--digest": digest = true
        case "--remote-name": outputs.append(.remoteName)
        case "--remote-name-all": remoteNameAll = true
        case "--fail": failOnError = true
        case "--no-clobber": noClobber = true
        case "--create-dirs": createDirectories = true
        // Said once every word is read (`parse`): it matters only with a file written.
        case "--remote-header-name": namesFromResponse = true
        default:
            // `--no-NAME` turns a flag off (`--no-location` after `-L`).
            let negated = "--" + option.dropFirst("--no-".count)
            // `--buffer`, `--keepalive`, `--progress-meter`: the positive forms of `--no-` options.
            if CurlOptions.noEffect.contains("--no-" + option.dropFirst(2)) || option == "--buffer" {
                if option == "--buffer" { stream = false }
                return
            }
            let isFlag = !CurlOptions.valued.contains(negated) && (CurlOptions.long.values.contains(negated)
                || CurlOptions.noEffect.contains(negated) || CurlOptions.refusal(negated) != nil || ["--location-trusted", "--digest"].contains(negated))
            guard option.hasPrefix("--no-"), isFlag else {
                throw UsageError("curl: \(written) is not an option of curl's")
            }
            switch negated {
            case "--get": get = false
            case "--head": head = false
            case "--location", "--location-trusted": followRedirects = false
            case "--insecure": insecure = false
            case "--digest": digest = false
            case "--remote-name": outputs.removeAll { $0 == .remoteName }
            case "--remote-name-all": remoteNameAll = false
            case "--fail": failOnError = false
            case "--no-clobber": noClobber = false
            case "--create-dirs": createDirectories = false
            default: break
            }
        }
    }

    /// `-F name=value` (a quoted value's quotes dropped, as curl's manual says), `-F name=@FILE[;type=T]`,
    /// `--form-string name=value` (taken as it is).
    private mutating func takeFormField(_ value: String, as option: String) throws {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw UsageError("curl: \(option) '\(ErrorLine.echo(value))' is not name=value")
        }
        let name = String(value[..<equals])
        var content = String(value[value.index(after: equals)...])
        // A file's `@PATH` is read when the statement runs; `<FILE` (a file's text as a field) is not taken.
        if option == "-F" && content.hasPrefix("<") { throw UsageError("curl: -F '\(ErrorLine.echo(value))': '<FILE' is not taken here — write name=@FILE for a file") }
        if option == "--form-string" && content.hasPrefix("@") {
            throw UsageError("curl: --form-string '\(ErrorLine.echo(value))': a value starting with '@' is read as a file here — it cannot be sent as text")
        }
        if option == "-F", let unquoted = Self.unquoted(content) { content = unquoted }
        if option == "-F", content.hasPrefix("@"), !content.contains(";type="), let type = Self.fileType(content.dropFirst().prefix { $0 != ";" }) {
            content += ";type=" + type
        }
        form.append((name, content))
    }

    /// The type curl gives a `-F name=@FILE` part by the file's extension (its own short table;
    /// any other file is `application/octet-stream`, as Workbench's default is too).
    static func fileType(_ path: Substring) -> String? {
        let types = [
            "gif": "image/gif", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "svg": "image/svg+xml",
            "txt": "text/plain", "htm": "text/html", "html": "text/html", "pdf": "application/pdf", "xml": "application/xml",
        ]
        return types[(String(path) as NSString).pathExtension.lowercased()]
    }

    /// `"a \"b\""` as curl reads a quoted `-F` value: the text between the quotes, `\"` and `\\`
    /// unescaped, what follows the closing quote (`;type=…`) dropped; nil when it is not quoted.
    static func unquoted(_ content: String) -> String? {
        guard content.hasPrefix("\"") else { return nil }
        var text = ""
        var escaped = false
        for character in content.dropFirst() {
            if escaped {
                text.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return text
            } else {
                text.append(character)
            }
        }
        return nil
    }

    /// `@FILE`'s text (`-d` drops its line breaks, as curl does); nil for text that is not `@…`.
    static func fileText(_ value: String, strippingLineBreaks: Bool) throws -> String? {
        guard value.hasPrefix("@") else { return nil }
        let path = String(value.dropFirst())
        guard let contents = FileManager.default.contents(atPath: path) else { throw UsageError("curl: cannot read '\(path)'") }
        let text = String(decoding: contents, as: UTF8.self)
        return strippingLineBreaks ? text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } : text
    }

    /// `--data-urlencode` (and `--url-query`): `content`, `=content`, `name=content`, `@file` or
    /// `name@file`; the content is encoded as curl encodes it, the name is not.
    static func urlEncoded(_ value: String) throws -> String {
        // curl writes a space as `+`, the rest of what is not unreserved as `%XX`.
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~ ")
        func encode(_ text: String) -> String {
            (text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text).replacingOccurrences(of: " ", with: "+")
        }
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
