import Foundation
import WorkbenchKit

/// `env`, `env use NAME`, `env off`: the environment of `http-client.env.json` beside the open
/// `.http` file whose variables fill in its `{{…}}`.
struct EnvCommand: Command {
    let name = "env"
    let synopsis = "env | env use NAME | env off"
    let summary = "list the open .http file's environments, or pick the one its {{variables}} come from"
    let group = CommandGroup.send
    let help = """
        An .http file's {{NAME}} is filled in when its request is sent, from: the file's own
        `@NAME = value` lines; the environment `env use` picked, from http-client.env.json
        beside the file (`{"dev": {"host": "…"}, "$shared": {…}}`, JetBrains' HTTP Client's
        file; the file's own lines win over it, as in REST Client); {{$guid}}, {{$uuid}},
        {{$timestamp}}, {{$randomInt MIN MAX}}, {{$processEnv NAME}}, {{$dotenv NAME}} (a
        .env file beside it); and {{NAME.response.body.$.PATH}} or
        {{NAME.response.headers.HEADER}}, the last response of the file's request named NAME
        (`# @name NAME`). A name that none of these
        has is one line, and nothing is sent. http-client.private.env.json's variables go over
        the public file's and are secrets: one may be the value of a header or query item whose
        name says it is secret (Authorization, api_key), which `save` writes as an environment
        read; anywhere else the request is not sent.
        `env` lists the environments and their variables' names; `env off` uses none;
        `env use` forgets the responses named requests had (they came from another server).
        Swift: none (a request's statements are recorded with its {{…}} filled in)

        Examples:
          wb> open requests.http
          wb> env use dev
          wb> send login
        """

    func complete(_ words: [String], session: Session) -> [String] {
        if words.count <= 1 { return RequestCompletion.matching(words.first ?? "", ["use", "off"]) }
        return words.count == 2 && words[0] == "use" ? RequestCompletion.matching(words[1], session.httpFiles.environments.names) : []
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        let console = session.console
        let environments = session.httpFiles.environments
        switch words.first {
        case nil:
            guard session.httpFiles.file != nil else { throw UsageError("no .http file is open: `open FILE.http` reads it and the environments beside it") }
            guard !environments.names.isEmpty else { return console.line(console.styled("no environments: no \(HTTPEnvironments.fileName) beside the file", .dim)) }
            for name in environments.names {
                let mark = name == session.httpFiles.environment ? "▶ " : "  "
                let variables = (environments.environments[name] ?? [:]).keys.sorted().joined(separator: ", ")
                console.line(mark + console.styled(name, .bold) + "  " + console.styled(variables, .dim))
            }
        case "use":
            guard words.count == 2 else { throw UsageError("usage: env use NAME") }
            guard environments.environments[words[1]] != nil else {
                let known = environments.names.isEmpty ? "there are none: no \(HTTPEnvironments.fileName) beside the open .http file"
                    : "there are: " + environments.names.joined(separator: ", ")
                throw UsageError("no environment '\(ErrorLine.echo(words[1]))' (\(known))")
            }
            session.httpFiles.environment = words[1]
            // Responses of another environment's server are not this one's.
            session.httpFiles.responses = [:]
            console.line(console.styled("using \(words[1]): its variables fill in {{…}} from now on", .dim))
        case "off" where words.count == 1:
            session.httpFiles.environment = nil
        default:
            throw UsageError("env takes use NAME or off, got '\(ErrorLine.echo(arguments))'")
        }
    }
}
