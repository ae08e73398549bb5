@testable import REPL
import Testing
import WorkbenchKit

@Suite struct HistoryRedactionTests {
    @Test(arguments: [
        ("header Authorization: Bearer abc.def", "header Authorization: ***"),
        ("header Cookie: session=1; theme=dark", "header Cookie: ***"),
        ("header --default X-Api-Key: k123", "header --default X-Api-Key: ***"),
        ("get /me Authorization:'Bearer x'", "get /me Authorization:***"),
        ("query access_token=abc page=2", "query access_token=*** page=2"),
        ("get /search api_key==s3cret q==cats", "get /search api_key==*** q==cats"),
        ("query userId=1", "query userId=1"),
        ("header Accept: application/json", "header Accept: application/json"),
        ("url http://example.com/a?token=xyz&b=2", "url http://example.com/a?token=***&b=2"),
        // Issue 36: any name that reads as a secret, not only Authorization and the token-likes.
        ("header X-Session: sess-777", "header X-Session: ***"),
        ("get /me X-Trace:1 X-Auth-User:alice", "get /me X-Trace:1 X-Auth-User:***"),
        ("get /me Accept:json Authorization:'Bearer x'", "get /me Accept:json Authorization:***"),
        ("query sessionId=s1 password=hunter2 author=tolkien", "query sessionId=*** password=*** author=tolkien"),
        ("get /search apiKey==k1 keywords==cats", "get /search apiKey==*** keywords==cats"),
        // A pasted curl line's credentials: -u and -b are an Authorization and a Cookie header.
        ("curl https://x -u ada:s3cr3t -b 'sid=1' --user-agent wb --cookie-jar j --user \"a b:c\" -bsid=2",
         "curl https://x -u *** -b *** --user-agent wb --cookie-jar j --user *** -b***"),
        ("curl https://x \\\n  -H 'Authorization: Bearer abc' \\\n  -uada:pw", "curl https://x \\\n  -H 'Authorization: ***\n  -u***"),
    ])
    func secretsAreMasked(input: String, expected: String) {
        #expect(HistoryRedaction.redact(input) == expected)
    }
}

/// What the prompt puts in history: request commands' secrets masked, Swift exactly as typed.
@MainActor @Suite struct HistoryEntryTests {
    @Test(arguments: [
        // Swift: names that read as secrets are code, never credentials.
        "struct Creds: Codable { let token: String; let apiKey: String }",
        "let tup = (monkey: 1, b: 2)",
        "struct MetObject: Codable {\n    let objectID: Int\n    enum CodingKeys: String, CodingKey {\n        case objectID\n    }\n}",
        "let session: URLSession = .shared",
        "var headers = [\"Authorization\": \"Bearer x\"]",
        "wb.header(\"Authorization\", \"Bearer x\")",
        // Commands that carry no request parts.
        "let posts = decode [Post] --at data.password",
        "help header",
    ])
    func swiftAndOtherCommandsAreKeptAsTyped(input: String) {
        let session = Session(console: Console(capturingWithColors: false), isInteractive: false)
        #expect(session.historyEntry(for: input) == input)
    }

    @Test(arguments: [
        ("header Authorization: Bearer abc.def", "header Authorization: ***"),
        (":header Authorization: Bearer abc.def", ":header Authorization: ***"),
        ("GET /me Authorization:'Bearer x'", "GET /me Authorization:***"),
        ("query access_token=abc page=2", "query access_token=*** page=2"),
        ("url http://example.com/a?token=xyz&b=2", "url http://example.com/a?token=***&b=2"),
        ("base http://example.com/?api_key=k", "base http://example.com/?api_key=***"),
        ("curl https://x -u ada:s3cr3t", "curl https://x -u ***"),
    ])
    func requestCommandsMaskTheirSecrets(input: String, expected: String) {
        let session = Session(console: Console(capturingWithColors: false), isInteractive: false)
        #expect(session.historyEntry(for: input) == expected)
    }
}
