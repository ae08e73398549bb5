import WorkbenchScript
import WorkbenchKit

/// `decode TYPE`: the current JSON body decoded into a model, as JSONDecoder would.
struct DecodeCommand: StatementCommand {
    let forms: [StatementForm] = [.decode]
    let name = "decode"
    let aliases: [String] = []
    let operands = "TYPE"
    var options: [CommandOption] { DecodeOption.all.map { $0.declared(help: $0.help) } }
    /// After the type.
    func offeredOptions(before words: [String]) -> [CommandOption] { words.isEmpty ? [] : options }
    let summary = "decode the current JSON body into a Swift type"
    let help = """
        Decodes the last response body (or the document given to `json`) into TYPE, any Swift type over
        the declared models: Post, [Post], [String: Post], Post?, [[Int]]. Prints the type (and count),
        then exactly what print(value) prints in compiled Swift; a failure prints the DecodingError as
        Swift prints it. Bind the result with `let NAME = decode TYPE`.

        Example:
          wb> decode [Post] --keys snake
          wb> let posts = decode [Post]
        """
    let group = CommandGroup.models

    func complete(_ words: [String], session: Session) -> [String] {
        let prefix = words.last ?? ""
        if words.count <= 1 {
            let names = session.models.registry.declarations.map(\.name)
            return (names + names.map { "[\($0)]" }).filter { $0.hasPrefix(prefix) }
        }
        return DecodeOption.completions(DecodeOption.all, after: words)
    }

    func run(_ arguments: String, session: Session) async throws {
        try await session.runDecode(arguments)
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        [.decode(try DecodeArguments.parse(arguments).call)]
    }
}

/// `infer NAME`: declarations generated from the current JSON body, defined at once.
struct InferCommand: Command {
    let name = "infer"
    let aliases: [String] = []
    let operands = "NAME"
    var options: [CommandOption] { DecodeOption.infer.map { $0.declared(help: $0.inferHelp ?? "") } }
    /// After the name.
    func offeredOptions(before words: [String]) -> [CommandOption] { words.isEmpty ? [] : options }
    let summary = "generate Swift models from the current JSON body"
    let help = """
        Writes Codable declarations for the current body (an object or an array of objects): nested types
        named from their keys, Int or Double, optionals where a key is null or missing, CodingKeys for
        keys that are not Swift names (with --keys snake, names as convertFromSnakeCase makes them).
        The types are defined at once; `decode NAME` (or `decode [NAME]`) then decodes the body.
        A model already called NAME is replaced, and one line says so; other models that use
        NAME then decode with the inferred one. When one of them uses a type nested in the
        earlier NAME that the inferred one lacks (`NAME.Geo`), nothing is replaced: infer
        under another name, or declare that model again without it.
        Swift: the declarations themselves, written into the snippet `save` makes

        Example:
          wb> get /users
          wb> infer User
        """
    let group = CommandGroup.models

    func complete(_ words: [String], session: Session) -> [String] {
        words.count > 1 ? DecodeOption.completions(DecodeOption.infer, after: words) : []
    }

    func run(_ arguments: String, session: Session) async throws {
        var words = try Arguments.split(arguments)[...]
        guard let name = words.popFirst(), !name.hasPrefix("--") else { throw ModelCommandError("usage: \(synopsis)") }
        // infer's options are decode's (`DecodeOption.infer`), read the same way; the hint below is
        // the decode they ask for.
        var options = DecodeArguments(call: DecodeCall(type: name))
        try DecodeOption.read(Array(words), of: DecodeOption.infer, into: &options, usage: synopsis)
        let snake = options.call.options.keys == .convertFromSnakeCase
        let path = options.call.path
        session.refreshModelBody()
        let result = try session.models.infer(name, snakeCase: snake, at: path)
        session.console.line(result.declaration.swiftSource())
        // A snippet holds the declarations themselves, not the command that wrote them.
        session.record(SessionStep(.swift(result.declaration.swiftSource())))
        for key in result.skipped {
            session.console.line(session.console.styled("// left out '\(key)': its values have different kinds", .dim))
        }
        var hint = "decode \(result.decodeType.source)"
        if snake { hint += " --keys snake" }
        if let path { hint += " --at \(path)" }
        if let replaced = result.replaced {
            session.console.line("replaced the earlier \(ModelWorkspace.sizedName(of: replaced)) with the inferred one")
        }
        session.console.line(session.console.styled("defined \(name); try `\(hint)`", .dim))
    }
}
