import Foundation
import WorkbenchKit

/// `body JSON`, `body @FILE`, `body --form a=b …`, `body --clear` set the request body;
/// `body [--raw] [--all]` shows the last response's and `body --save FILE` writes it to a file:
/// one word for both, as users expect.
struct BodyCommand: StatementCommand {
    let forms: [StatementForm] = [.bodyJSON, .bodyFile, .form, .removeBody, .body, .saveBody]
    let name = "body"
    var synopsis: String {
        "body [\(Self.raw.name)] [\(Self.all.name)] | body \(Self.save.spelled) | body JSON | body @FILE | body \(Self.form.name) a=b … | body \(Self.clear.name)"
    }
    static let raw = CommandOption("--raw", help: "the last response's bytes as received")
    static let all = CommandOption("--all", help: "the last response's whole body, not cut after `set body-lines N` lines")
    static let form = CommandOption("--form", help: "set the request body to a form of the NAME=VALUE words after it")
    static let clear = CommandOption("--clear", help: "send no request body")
    static let save = CommandOption("--save", value: "FILE", example: "--save photo.jpg",
                                    help: "write the last response's body to FILE, exactly as received (an image, a PDF)")
    let options = [Self.raw, Self.all, Self.save, Self.form, Self.clear]

    func offeredOptions(before words: [String]) -> [CommandOption] { leadingOptions(before: words) }
    let summary = "show the last response body, or set the request body (JSON, a file, a form)"
    let group = CommandGroup.inspect
    let help = """
        Without JSON: shows the last response's body — JSON pretty-printed, text as
        text, an image as its format and pixel size, other binary as size and hex —
        cut after `set body-lines N` lines.
        `--save FILE` writes it to FILE instead, byte for byte (FILE is replaced).
        With an argument: sets the request body. JSON is checked (the error says the
        line and column); `@FILE` sends a file.

        Examples:
          wb> body --all
          wb> body --save photo.jpg
          wb> body {"title": "foo", "userId": 1}
          wb> body @new-post.json
          wb> body --form name=Ada lang='Swift 6'
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        if arguments.hasPrefix("@") {
            let path = try Arguments.split(String(arguments.dropFirst())).joined(separator: " ")
            guard !path.isEmpty else { throw UsageError("'@' needs a file: `body @FILE`") }
            return [.bodyFile(path)]
        }
        if arguments.isEmpty { return [.body(raw: false, all: false)] }
        // `--save` among the options before anything else (a JSON body `"--save"` is a body).
        let leading = arguments.split(separator: " ").prefix { $0.hasPrefix("--") }
        if leading.contains(where: { $0 == Self.save.name || $0.hasPrefix(Self.save.name + "=") }) {
            let given = try OptionWords(try Arguments.split(arguments), options: options, command: name)
            guard let path = given.value(Self.save), given.flagCount == 0, given.operands.isEmpty else {
                throw UsageError("\(Self.save.name) writes the body as received and goes alone: body \(Self.save.spelled)")
            }
            return [.saveBody(path)]
        }
        let (given, rest) = try leadingFlags(arguments)
        if given.flagCount == 0 { return [.bodyJSON(arguments)] }
        if given.has(Self.form) {
            guard given.flagCount == 1 else { throw UsageError("\(Self.form.name) sets the request body: it goes with no other option") }
            let fields = try Arguments.split(String(rest)).map { word in
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                    throw UsageError("form field '\(word)' is not NAME=VALUE")
                }
                return WorkbenchStatement.Pair(String(word[..<equals]), String(word[word.index(after: equals)...]))
            }
            guard !fields.isEmpty else { throw UsageError("`body \(Self.form.name)` needs fields: body \(Self.form.name) name=value …") }
            return [.form(fields)]
        }
        if given.has(Self.clear) {
            guard given.flagCount == 1, rest.isEmpty else { throw UsageError("\(Self.clear.name) removes the request body: it takes nothing more") }
            return [.removeBody]
        }
        guard rest.isEmpty else {
            throw UsageError("body \(options.filter(given.has).map(\.name).joined(separator: " ")) shows the last response's body and takes nothing more, got '\(ErrorLine.echo(String(rest)))'")
        }
        return [.body(raw: given.has(Self.raw), all: given.has(Self.all))]
    }
}
