import Foundation
import Testing
@testable import WorkbenchKit

/// `.http` files as VS Code's REST Client and JetBrains' HTTP Client document them: requests,
/// names, variables, environments and references to a named request's response.
@Suite struct HTTPFileTests {
    /// The shapes both clients' documentation shows, in one file.
    static let file = """
        @host = https://api.example.com
        @token = {{login.response.body.$.token}}

        ### Log in
        # @name login
        POST {{host}}/auth HTTP/1.1
        Content-Type: application/json

        {"user": "ada", "password": "{{$dotenv PASSWORD}}"}

        ### Posts of a user
        // @name posts
        GET {{host}}/posts
            ?userId=1
            &_limit=2
        Authorization: Bearer {{token}}
        # a comment among the headers

        ###
        PUT {{host}}/posts/1
        Content-Type: application/json

        < ./post.json

        > {%
            client.global.set("id", response.body.id);
        %}

        ### Only a URL
        https://example.com/health
        >> health.json
        """

    @Test func requestsNamesHeadersAndBodiesAreRead() throws {
        let parsed = try HTTPFile(parsing: Self.file)
        #expect(parsed.variables.map(\.name) == ["host", "token"])
        #expect(parsed.requests.map(\.name) == ["login", "posts", nil, "Only a URL"])
        #expect(parsed.requests.map(\.method) == ["POST", "GET", "PUT", "GET"])
        #expect(parsed.requests.map(\.url) == ["{{host}}/auth", "{{host}}/posts?userId=1&_limit=2", "{{host}}/posts/1", "https://example.com/health"])
        #expect(parsed.requests.map(\.line) == [6, 13, 20, 30])
        #expect(parsed.requests[0].body == .text(#"{"user": "ada", "password": "{{$dotenv PASSWORD}}"}"#))
        #expect(parsed.requests[1].headers.map(\.name) == ["Authorization"] && parsed.requests[1].body == nil)
        #expect(parsed.requests[2].body == .file("./post.json", withVariables: false))
        #expect(parsed.requests[2].notRun == ["a response handler (`> {% … %}`), which is JavaScript"])
        #expect(parsed.requests[3].notRun.isEmpty && parsed.requests[3].savesResponse == .init(path: "health.json", replaces: false))
        #expect(try HTTPFile(parsing: "GET https://x/a\n\n>>! {{dir}}/a.json\n").requests[0].savesResponse == .init(path: "{{dir}}/a.json", replaces: true))
    }

    /// What both clients read that a careless reader gets wrong: an XML body that starts with `<`,
    /// a `> quoted` body line, JetBrains' `<>` note, `@namespace`, tabs, a lower-case custom method,
    /// a URL with a space, CRLF line ends, a form feed in a body.
    @Test func bodiesAndRequestLinesAreReadAsBothClientsReadThem() throws {
        let text = "# @namespace api\r\nPOST\thttps://x/a b HTTP/1.1\r\nContent-Type : text/xml\r\n\r\n<ping/>\r\n\r\n<> 2024-01-01T000000.200.xml\r\n"
            + "###\npurge https://x/cache\n\n> quoted\n# not a comment here\n\u{0C}end\n"
        let parsed = try HTTPFile(parsing: text)
        #expect(parsed.requests.map(\.name) == [nil, nil])
        #expect(parsed.requests.map(\.method) == ["POST", "purge"] && parsed.requests.map(\.url) == ["https://x/a b", "https://x/cache"])
        #expect(parsed.requests[0].body == .text("<ping/>") && parsed.requests[0].notRun.isEmpty)
        #expect(parsed.requests[1].body == .text("> quoted\n# not a comment here\n\u{0C}end"))
    }

    @Test(arguments: [
        ("GET https://x\n{\"a\": 1}\n", "line 2: '{\"a\": 1}' is not a header — write `Name: value`, and a blank line before the body"),
        ("GET\n", "line 1: 'GET' is not a request line — write `METHOD URL` (`GET https://example.com/posts`) or a URL"),
        ("GET https://x\nnot a header\n", "line 2: 'not a header' is not a header — write `Name: value`, and a blank line before the body"),
        ("@a = 1\n\nfetch the posts please\n", "line 3: 'fetch the posts please' is not a request line — write `METHOD URL` (`GET https://example.com/posts`) or a URL"),
    ])
    func aLineThatIsNeitherIsOneErrorNamingIt(text: String, message: String) {
        #expect(throws: HTTPFile.ParseError.self) { try HTTPFile(parsing: text) }
        do { _ = try HTTPFile(parsing: text) } catch { #expect(error.description == message) }
    }

    @Test func variablesComeFromTheFileTheEnvironmentTheSystemAndEarlierResponses() throws {
        let response = HTTPFileVariables.Response(body: Data(#"{"token": "t0k", "user": {"id": 7, "roles": ["a", "b"]}, "ok": true}"#.utf8),
                                                  headers: [("Location", "/users/7")])
        let variables = HTTPFileVariables(file: [("host", "{{scheme}}://api.example.com"), ("host", "{{scheme}}://api.example.org")],
                                          environment: ["scheme": "https"], dotenv: ["PASSWORD": "s3cr3t"],
                                          processEnvironment: ["HOME": "/home/ada"], responses: ["login": response])
        #expect(try variables.fill("{{host}}/a") == "https://api.example.org/a")
        #expect(try variables.fill("{{ login.response.body.$.token }}|{{login.response.body.$.user.id}}|{{login.response.body.$.ok}}")
                == "t0k|7|true")
        #expect(try variables.fill("{{login.response.body.$.user.roles}}") == #"["a", "b"]"#)
        #expect(try variables.fill("{{login.response.headers.location}}") == "/users/7")
        #expect(try variables.fill("{{$dotenv PASSWORD}} {{$processEnv HOME}}") == "s3cr3t /home/ada")
        #expect(try variables.fill("{{$guid}}").count == 36)
        let timestamp = try variables.fill("{{$timestamp}}")
        #expect(!timestamp.isEmpty && timestamp.allSatisfy(\.isNumber) && abs((Int(timestamp) ?? 0) - Int(Date().timeIntervalSince1970)) < 5)
        for _ in 0..<20 { #expect((1..<4).contains(Int(try variables.fill("{{$randomInt 1 4}}")) ?? 0)) }
    }

    @Test(arguments: [
        ("{{nope}}", "unknown variable {{nope}} — set it with `@nope = …` in the file, or in the environment (`env`)"),
        ("{{other.response.body.$.id}}", "{{other.response.body.$.id}}: request 'other' has not been sent in this session — send it first"),
        ("{{login.response.body.$.missing}}", "{{login.response.body.$.missing}}: no member 'missing' in the object at the top level in the response of 'login'"),
        ("{{$randomInt 5 1}}", "{{$randomInt 5 1}}: write {{$randomInt MIN MAX}}, MIN below MAX"),
        ("{{$dotenv TOKEN}}", "{{$dotenv TOKEN}}: TOKEN is not set in the .env file beside the .http file"),
        ("{{$timestamp -1 d}}", "{{$timestamp -1 d}}: $timestamp takes nothing after it here (an offset such as `-1 d` is not taken)"),
        ("{{$weather}}", "unknown system variable {{$weather}} — $guid, $uuid, $timestamp, $randomInt MIN MAX, $processEnv NAME and $dotenv NAME are known"),
        ("{{loop}}", "variables that refer to each other in a circle: {{loop}}"),
        ("{{open", "'{{' without its '}}' in '{{open'"),
    ])
    func whatCannotBeFilledInIsOneLine(text: String, message: String) {
        let variables = HTTPFileVariables(file: [("loop", "{{loop}}")], processEnvironment: [:],
                                          responses: ["login": .init(body: Data(#"{"id": 1}"#.utf8), headers: [])])
        do {
            _ = try variables.fill(text)
            Issue.record("\(text) was filled in")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func environmentsAreReadFromTheFolderWithTheirSharedVariables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"$shared": {"version": "v1", "host": "x"}, "dev": {"host": "localhost", "port": 8080}, "prod": {"host": "example.com"}}"#
            .write(to: folder.appendingPathComponent(HTTPEnvironments.fileName), atomically: true, encoding: .utf8)
        try "# secrets\nPASSWORD=\"s3 cr3t\"\nexport TOKEN=abc\n".write(to: folder.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        let loaded = try HTTPEnvironments.load(from: folder)
        #expect(loaded.names == ["dev", "prod"] && loaded.secrets.isEmpty)
        #expect(loaded.environments["dev"] == ["version": "v1", "host": "localhost", "port": "8080"])
        #expect(loaded.environments["prod"] == ["version": "v1", "host": "example.com"])
        #expect(loaded.dotenv == ["PASSWORD": "s3 cr3t", "TOKEN": "abc"])
        // The private file's variables go over the public ones, and are the environment's secrets.
        try #"{"dev": {"token": "t0k", "host": "secret-host"}, "$shared": {"key": "k3y"}}"#
            .write(to: folder.appendingPathComponent(HTTPEnvironments.privateFileName), atomically: true, encoding: .utf8)
        let withSecrets = try HTTPEnvironments.load(from: folder)
        #expect(withSecrets.environments["dev"] == ["version": "v1", "host": "secret-host", "port": "8080", "token": "t0k", "key": "k3y"])
        #expect(withSecrets.environments["prod"] == ["version": "v1", "host": "example.com", "key": "k3y"])
        #expect(withSecrets.secrets == ["dev": ["token", "host", "key"], "prod": ["key"]])
        var variables = HTTPFileVariables(file: [("auth", "Bearer {{token}}")], environment: withSecrets.environments["dev"] ?? [:])
        variables.secretNames = withSecrets.secrets["dev"] ?? []
        #expect(try variables.fillNotingSecrets("{{auth}}") == ("Bearer t0k", "token"))
        #expect(try variables.fillNotingSecrets("{{version}}") == ("v1", nil))
        try "{\"dev\": {\"host\": }".write(to: folder.appendingPathComponent(HTTPEnvironments.fileName), atomically: true, encoding: .utf8)
        #expect(throws: HTTPEnvironments.Failure.self) { try HTTPEnvironments.load(from: folder) }
        do { _ = try HTTPEnvironments.load(from: folder) } catch { #expect(error.description.hasPrefix("http-client.env.json is not JSON: ")) }
    }
}
