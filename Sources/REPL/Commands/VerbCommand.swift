import Foundation
import WorkbenchKit

/// `get`/`post`/`put`/`patch`/`delete`/`head [PATH-OR-URL] [items…]`: set and send in one line.
struct VerbCommand: StatementCommand {
    var forms: [StatementForm] { [StatementForm(rawValue: method.lowercased()) ?? .get] }
    let method: String
    var name: String { method.lowercased() }
    let argumentsMayHoldSecrets = true
    let operands = "[PATH-OR-URL] [name==value] [Header:value] [field=value] [field:=json]"
    static let stream = CommandOption("--stream", help: "show the body as it arrives, whatever its type (`help send`: what streams anyway)")
    var options: [CommandOption] { method == "HEAD" ? [] : [Self.stream] }
    var summary: String { "set the method to \(method) (and path, query, headers, JSON fields) and send" }
    let group = CommandGroup.send
    var help: String {
        """
        httpie's shorthand: `name==value` adds a query item, `Header:value` sets a
        header, `field=value` a JSON string field, `field:=json` a raw JSON field (the
        fields make a JSON body). A path or URL first starts a fresh query and body;
        `sandbox/NAME/…` is a URL of the sandbox's API NAME, which becomes the base. A
        first word that starts with a host is a URL: `api.github.com/users` gets
        https://, `localhost:8080/x` and `127.0.0.1/x` get http://; `data.json` is a path.

        Examples:
          wb> \(name) /posts userId==1
          wb> \(name == "get" ? "get https://jsonplaceholder.typicode.com/users/1 Accept:application/json" : "\(name) /posts/1 title=Hello userId:=1")
        """
    }

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last else { return [] }
        let workbench = session.workbench
        if words.count == 1 && RequestShorthand.isTarget(last) {
            let paths = RequestCompletion.matching(last, RequestCompletion.paths(workbench))
            if !paths.isEmpty || last.hasPrefix("/") { return paths }
        }
        let fromSpec = RequestCompletion.specArguments(last, path: words.count > 1 && RequestShorthand.isTarget(words[0]) ? words[0] : nil,
                                                       method: method, workbench: workbench, query: "==")
        if last.contains("==") { return fromSpec }
        // Options are offered from their declaration (`completion`); an item never starts with `-`.
        if last.hasPrefix("-") { return [] }
        let queries = RequestCompletion.queryNames(workbench).map { $0 + "==" }
        let headers = RequestCompletion.headerNames(workbench).map { $0 + ":" }
        // The document's names first; `matching` with an empty prefix drops the repeats.
        return RequestCompletion.matching("", fromSpec + RequestCompletion.matching(last, queries)
            + RequestCompletion.matching(last, headers, caseInsensitive: true))
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let split = try Arguments.split(arguments)
        if method == "HEAD", split.contains(Self.stream.name) {
            throw UsageError("head has no body to stream: \(Self.stream.name) is for get, post, put, patch and delete")
        }
        // A request item never starts with `--`: a mistyped option (a bare `--` too) is named as one.
        let words = try OptionWords(split, options: options, command: name)
        let stream = words.has(Self.stream)
        let items = try RequestShorthand.parse(words.operands)
        if method == "HEAD" && !items.fields.isEmpty {
            throw UsageError("head sends no body: '\(items.fields[0].name)' is a body field — use name==value for a query item")
        }
        return [.request(WorkbenchStatement.RequestCall(
            method: method, target: items.target, query: items.query.map { .init($0.name, $0.value ?? "") },
            headers: items.headers.map { .init($0.name, $0.value) }, json: items.fields.map { .init($0.name, $0.value) },
            stream: stream))]
    }
}
