@testable import REPL
import Testing

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
