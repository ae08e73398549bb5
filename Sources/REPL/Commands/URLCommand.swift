import WorkbenchKit

/// `url` shows the URLComponents breakdown; `url FULL-URL` parses one into the request.
struct URLCommand: StatementCommand {
    let forms: [StatementForm] = [.url, .showURL]
    let name = "url"
    let argumentsMayHoldSecrets = true
    let synopsis = "url | url FULL-URL"
    let summary = "show how the URL is put together (URLComponents), or parse a whole URL"
    let group = CommandGroup.build
    let help = """
        Without an argument: scheme, user, host, port, path (and its percent-encoded
        form), each query item, the encoded query, fragment and the final URL.
        With a URL: its components become the current request. `sandbox/NAME/…` is a
        URL of the sandbox's API NAME (as in `base`), which becomes the base.

        Examples:
          wb> url
          wb> url https://collectionapi.metmuseum.org/public/collection/v1/search?q=sunflowers
          wb> url sandbox/jokes/jokes/programming/ten
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let words = try CommandWords.atMost(1, arguments, command: "url", what: "URL")
        return [words.first.map { .url($0) } ?? .showURL]
    }
}
