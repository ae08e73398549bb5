import Sandbox

struct SandboxCommand: Command {
    let name = "sandbox"
    let synopsis = "sandbox [NAME]"
    let summary = "where the embedded sandbox answers, and the APIs and routes it serves"
    let help = """
        The sandbox is an HTTP server inside Workbench that serves the classic tutorial APIs
        from their real public datasets, on 127.0.0.1 and a port chosen at start. Point a
        request at one with `base sandbox/NAME`. With `workbench --offline`, URLs of the real
        hosts (jsonplaceholder.typicode.com, restcountries.com, …) are answered by it too.
        With a NAME, lists only that API's routes.
        Swift: none (`base sandbox/NAME` is `try wb.base("sandbox/NAME")`)

        Examples:
          wb> sandbox
          wb> sandbox jsonplaceholder
          wb> base sandbox/jsonplaceholder
        """
    let group = CommandGroup.misc

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? SandboxCatalog.apis.map(\.name) : []
    }

    func run(_ arguments: String, session: Session) async throws {
        let console = session.console
        guard let url = session.sandboxURL else {
            throw UsageError("the sandbox is not running (started with --no-sandbox, or it failed to start)")
        }
        var apis = SandboxCatalog.apis
        if !arguments.isEmpty {
            guard let api = SandboxCatalog.api(named: arguments) else {
                let names = SandboxCatalog.apis.map(\.name).joined(separator: ", ")
                throw UsageError("no sandbox API named '\(arguments)' (there are: \(names))")
            }
            apis = [api]
        }
        console.line("sandbox on \(url.absoluteString)" + (session.offline ? " · offline mode on" : ""))
        for api in apis {
            console.line()
            console.line(console.styled("sandbox/\(api.name)", .bold) + "  " + api.title)
            console.line("  " + console.styled(url.absoluteString + api.prefix, .dim))
            for route in api.routes { console.line("    " + route.listing) }
        }
    }
}
