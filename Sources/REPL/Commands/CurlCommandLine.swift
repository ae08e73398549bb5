import Foundation
import WorkbenchKit

/// `curl`: the current request as a curl command; `curl URL [options]` (a pasted "Copy as cURL")
/// sets the request and sends it. Named so as not to clash with WorkbenchKit's `CurlCommand`.
struct CurlCommandLine: StatementCommand {
    let forms: [StatementForm] = [.curl, .bodyText, .multipart, .digestAuth]
    let name = "curl"
    let argumentsMayHoldSecrets = true
    let synopsis = "curl | curl URL [-X METHOD] [-H 'Name: value'] [-d DATA | --json JSON] …"
    let summary = "print the current request as a curl command, or set and send a pasted one"
    let group = CommandGroup.inspect
    var help: String {
        """
        Alone: method, URL, every header that would be sent (defaults included) and
        the body, quoted for sh/bash/zsh. After a send it is the request just sent.
        Also `export curl` (`help export`).
        With arguments: a curl command — a browser's "Copy as cURL", an API's docs —
        is a request: it replaces the current one (method, URL and query, headers,
        body) and sends it as curl would. Words are read as a shell reads them ('…',
        "…", $'…', `\\` at a line's end goes on to the next line). Data is sent as
        given (-d, --data-raw, --data-binary, -d @FILE without its line breaks,
        several joined with &); only --data-urlencode and --url-query encode.
        Taken: the URL (or --url), -X, -H, -d/--data, --data-raw, --data-binary,
        --data-urlencode, --json, -F name=value / name="quoted" / name=@FILE[;type=T],
        --form-string, --url-query, -G, -T FILE (a PUT of the file), -u user:password
        (Basic; with --digest, the answer to the server's Digest challenge, RFC 7616:
        MD5 or SHA-256, the request sent again once), --oauth2-bearer, -b 'name=value',
        -b FILE (a cookie file into the session's jar), -c FILE (the jar written after),
        -A, -e, -r/--range, -I, -L (turns `set
        redirects` on), -m SECONDS (sets `set timeout`), -N, -o FILE, -O and
        --output-dir DIR (the body written where curl writes it, as `body --save`
        does; with -f, --no-clobber, --create-dirs as curl writes it), --no-FLAG;
        -k is taken with a note (TLS is verified all the same).
        Taken and changing nothing, since the request is the same:
        \(Self.wrapped(CurlOptions.noEffect.sorted()))
        Refused in one line, nothing sent: a proxy, other protocols' options, a
        client certificate, --cacert/--capath (add the CA to the system's store),
        --ntlm/--negotiate, .netrc, -K, --next, a Unix socket,
        --http1.0/--http3, --continue-at, --time-cond. Any word that is not one of
        curl's options is named and nothing is sent.

        Examples:
          wb> curl
          wb> curl 'https://httpbin.org/anything?q=1' -H 'Accept: application/json'
          wb> curl -sS https://httpbin.org/post --json '{"title": "Hi"}'
          wb> curl https://httpbin.org/post -F title=Pilot -F photo=@photo.png
        """
    }

    /// Option names filling lines of at most 78 columns, indented as the help is.
    private static func wrapped(_ names: [String]) -> String {
        var lines = [""]
        for name in names {
            if lines[lines.count - 1].count + name.count + 2 > 78 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + name
        }
        return lines.joined(separator: "\n")
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        if arguments.isEmpty { return [.curl] }
        return try CurlLine.parse(ShellWords.split(arguments)).statements()
    }

    func run(_ arguments: String, session: Session) async throws {
        if arguments.isEmpty { return try await session.perform([.curl]) }
        let line = try CurlLine.parse(ShellWords.split(arguments))
        var statements = try line.statements()
        let jar = session.workbench.cookieJar
        // Read before anything is sent, so that a file that is not a cookie file sends nothing.
        var cookieTexts: [(path: String, text: String)] = []
        for path in line.cookieFiles {
            // curl sends the request without a cookie file that is not there.
            guard let data = FileManager.default.contents(atPath: path) else {
                session.console.line("note: curl -b \(path): no such file; sent without its cookies, as curl does")
                continue
            }
            cookieTexts.append((path, String(decoding: data, as: UTF8.self)))
        }
        let before = jar.cookies()
        for file in cookieTexts {
            do {
                try jar.add(netscapeText: file.text)
            } catch {
                jar.replace(with: before)
                throw UsageError("curl: -b \(file.path): \(error)")
            }
        }
        for note in line.notes { session.console.line(note) }
        // A Cookie header of the request's own is sent instead of the jar's: with a cookie file,
        // curl sends the file's matching cookies before the -b name=value ones.
        if !cookieTexts.isEmpty, !line.cookies.isEmpty, let url = line.url.flatMap(URL.init(string:)), let fromFiles = jar.header(for: url) {
            statements = statements.map { statement in
                guard case .header(let name, let value) = statement, name == "Cookie" else { return statement }
                return .header(name, fromFiles + "; " + value)
            }
        }
        // The file -o or -O names is written once the answer is in, as curl writes it.
        var saving: String?
        if case .saveBody(let file)? = statements.last {
            saving = file
            statements.removeLast()
        }
        try await session.perform(statements)
        if let file = saving { try await Self.writeBody(to: file, as: line, session: session) }
        if let path = line.cookieJarFile {
            do {
                try jar.netscapeText().write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw UsageError("curl: -c \(path): cannot write it: \(error.localizedDescription)")
            }
        }
    }

    /// Writes the answer's body to `file` as curl would: not at all for an HTTP error with `-f`,
    /// beside a file already there with `--no-clobber` (`NAME.1` … `NAME.100`), into the folders
    /// `--create-dirs` makes.
    @MainActor
    private static func writeBody(to file: String, as line: CurlLine, session: Session) async throws {
        if line.failOnError, let status = session.workbench.lastExchange?.response.statusCode, status >= 400 {
            throw UsageError("curl -f: the server answered \(status), so \(file) is not written, as curl leaves it")
        }
        var file = file
        if line.noClobber {
            let files = FileManager.default
            let taken = { (path: String) in files.fileExists(atPath: (path as NSString).expandingTildeInPath) }
            if taken(file) {
                guard let free = (1...100).lazy.map({ "\(file).\($0)" }).first(where: { !taken($0) }) else {
                    throw UsageError("curl --no-clobber: \(file) and \(file).1 … \(file).100 are all there, so nothing is written, as curl does")
                }
                file = free
            }
        }
        if line.createDirectories {
            let folder = URL(fileURLWithPath: (file as NSString).expandingTildeInPath).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try await session.perform([.saveBody(file)])
    }
}
