import Foundation
import WorkbenchKit

/// `body JSON`, `body @FILE`, `body --form a=b …`, `body --clear` set the request body;
/// `body [--raw] [--all]` shows the last response's: one word for both, as users expect.
struct BodyCommand: StatementCommand {
    let forms: [StatementForm] = [.bodyJSON, .bodyFile, .form, .removeBody, .body]
    let name = "body"
    let synopsis = "body [--raw] [--all] | body JSON | body @FILE | body --form a=b … | body --clear"
    let summary = "show the last response body, or set the request body (JSON, a file, a form)"
    let group = CommandGroup.inspect
    let help = """
        Without JSON: shows the last response's body — JSON pretty-printed, text as
        text, binary as size and hex — cut after `set body-lines N` lines; `--all`
        shows everything, `--raw` the bytes as received.
        With an argument: sets the request body. JSON is checked (the error says the
        line and column); `@FILE` sends a file; `--form` a form; `--clear` none.

        Examples:
          wb> body --all
          wb> body {"title": "foo", "userId": 1}
          wb> body @new-post.json
          wb> body --form name=Ada lang='Swift 6'
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last, last.hasPrefix("-") else { return [] }
        return RequestCompletion.matching(last, ["--raw", "--all", "--form", "--clear"])
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        if arguments.hasPrefix("@") {
            let path = try Arguments.split(String(arguments.dropFirst())).joined(separator: " ")
            guard !path.isEmpty else { throw UsageError("'@' needs a file: `body @FILE`") }
            return [.bodyFile(path)]
        }
        if arguments.hasPrefix("--form") {
            let fields = try Arguments.split(String(arguments.dropFirst("--form".count))).map { word in
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                    throw UsageError("form field '\(word)' is not NAME=VALUE")
                }
                return WorkbenchStatement.Pair(String(word[..<equals]), String(word[word.index(after: equals)...]))
            }
            guard !fields.isEmpty else { throw UsageError("`body --form` needs fields: body --form name=value …") }
            return [.form(fields)]
        }
        if arguments == "--clear" { return [.removeBody] }
        let words = arguments.split(separator: " ").map(String.init)
        if words.allSatisfy({ $0 == "--raw" || $0 == "--all" }) {
            return [.body(raw: words.contains("--raw"), all: words.contains("--all"))]
        }
        if let option = words.first(where: { $0.hasPrefix("--") }), arguments.hasPrefix("--") {
            throw UsageError("unknown option '\(option)' — body knows --raw, --all, --form, --clear")
        }
        return [.bodyJSON(arguments)]
    }
}
