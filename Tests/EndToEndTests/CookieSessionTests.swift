import Foundation
import TestSupport
import Testing

/// One cookie jar for the whole session: compiled Swift's `wb` sends the cookies the commands'
/// requests set, and what it sets or `cookies -NAME` removes is seen on the other side.
struct CookieSessionTests {
    @Test func compiledSwiftAndCommandsShareTheJar() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // A function call is compiled (the fast path does not run user functions): its `wb` is the host's.
        let input = """
            get sandbox/httpbin/cookies/set?a=1
            func visit(_ path: String) async throws { try await wb.get(path) }
            try await visit("/cookies/set?b=2")
            cookies
            cookies -a
            try await visit("/cookies")
            get /cookies

            """
        let run = try await PipedRun.run(try Binaries.workbench, [], input: input, environment: isolatedEnvironment(home: home.url))
        let output = run.output
        #expect(run.status == 0, "\(output)\(run.errorOutput)")
        let listing = "a=1  127.0.0.1  /  session\nb=2  127.0.0.1  /  session\n"
        #expect(output.contains(listing), "the REPL's jar holds what compiled code set: \(output)")
        // Before `cookies -a`, compiled code sent a (set by a command) and got b; after it, both sides send b alone.
        let echoes = output.components(separatedBy: "\"cookies\": {").dropFirst().map { $0.prefix { $0 != "}" } }
        #expect(echoes.count == 4, "\(output)")
        #expect(echoes.map { $0.filter { !$0.isWhitespace } } == [#""a":"1""#, #""a":"1","b":"2""#, #""b":"2""#, #""b":"2""#], "\(output)")
    }
}
