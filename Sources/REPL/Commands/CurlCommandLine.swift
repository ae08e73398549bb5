import WorkbenchKit

/// `curl`: the current request as a curl command; `curl URL [options]` (a pasted "Copy as cURL")
/// sets the request and sends it. Named so as not to clash with WorkbenchKit's `CurlCommand`.
struct CurlCommandLine: StatementCommand {
    let forms: [StatementForm] = [.curl, .bodyText, .multipart]
    let name = "curl"
    let argumentsMayHoldSecrets = true
    let synopsis = "curl | curl URL [-X METHOD] [-H 'Name: value'] [-d DATA | --json JSON] …"
    let summary = "print the current request as a curl command, or set and send a pasted one"
    let group = CommandGroup.inspect
    let help = """
        Alone: method, URL, every header that would be sent (defaults included) and
        the body, quoted for sh/bash/zsh. After a send it is the request just sent.
        Also `export curl` (`help export`).
        With arguments: a curl command — a browser's "Copy as cURL", an API's docs —
        is a request: it replaces the current one (method, URL and query, headers,
        body) and sends it. Words are read as a shell reads them ('…', "…", $'…',
        `\\` at a line's end goes on to the next line). Taken: the URL (or --url),
        -X, -H, -d/--data, --data-raw, --data-binary and -d with @FILE,
        --data-urlencode, --json, -F name=value / -F name=@FILE[;type=T] and
        --form-string (multipart), -u user:password, -G, -b 'name=value', -A, -e,
        -I, -L (turns `set redirects` on), --compressed, -g; -k sends with TLS
        verification all the same.
        Output options (-s, -S, -v, -i, -f, …) are accepted and ignored. Any other
        option is named and nothing is sent.

        Examples:
          wb> curl
          wb> curl 'https://httpbin.org/anything?q=1' -H 'Accept: application/json'
          wb> curl -sS https://httpbin.org/post --json '{"title": "Hi"}'
          wb> curl https://httpbin.org/post -F title=Pilot -F photo=@photo.png
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        if arguments.isEmpty { return [.curl] }
        return try CurlLine.parse(ShellWords.split(arguments)).statements()
    }

    func run(_ arguments: String, session: Session) async throws {
        if arguments.isEmpty { return try await session.perform([.curl]) }
        let line = try CurlLine.parse(ShellWords.split(arguments))
        let statements = try line.statements()
        for note in line.notes { session.console.line(note) }
        try await session.perform(statements)
    }
}
