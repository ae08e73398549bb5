import Foundation
import Testing
import SandboxTestSupport
import TestSupport
import WorkbenchKit
@testable import REPL

/// The session's cookie jar against the sandbox's httpbin, as a user types it.
@MainActor
@Suite struct CookieJarTests {
    let console = Console(capturingWithColors: false)

    func withSession(_ body: @MainActor (Session) async throws -> Void) async throws {
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            try await body(session)
        }
    }

    func evaluate(_ session: Session, _ lines: String...) async {
        for line in lines {
            #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
        }
    }

    /// The last response's JSON object at `key`, nil when there is none.
    func echoed(_ session: Session, _ key: String) -> [String: String]? {
        guard let body = session.workbench.lastExchange?.response.body,
              let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        return object[key] as? [String: String]
    }

    func names(_ session: Session) -> [String] { session.workbench.cookieJar.cookies().map(\.name) }

    @Test func aCookieSetIsSentOnTheFollowedRedirectAndLaterRequests() async throws {
        try await withSession { session in
            await evaluate(session, "get sandbox/httpbin/cookies/set?a=1&b=2")
            #expect(session.workbench.lastExchange?.response.statusCode == 200)
            #expect(echoed(session, "cookies") == ["a": "1", "b": "2"])
            await evaluate(session, "get /cookies/set/c/3")
            #expect(echoed(session, "cookies") == ["a": "1", "b": "2", "c": "3"])
            await evaluate(session, "get /headers")
            #expect(echoed(session, "headers")?["Cookie"] == "a=1; b=2; c=3")
        }
    }

    @Test func deleteExpiresTheNamedCookies() async throws {
        try await withSession { session in
            await evaluate(session, "get sandbox/httpbin/cookies/set?a=1&b=2&c=3", "get /cookies/delete?a&c")
            #expect(echoed(session, "cookies") == ["b": "2"])
            #expect(names(session) == ["b"])
        }
    }

    /// With redirects off the 302 is the response, and its Set-Cookie is kept all the same.
    @Test func aRedirectNotFollowedStillSetsItsCookies() async throws {
        try await withSession { session in
            await evaluate(session, "set redirects off", "get sandbox/httpbin/cookies/set?r=1")
            #expect(session.workbench.lastExchange?.response.statusCode == 302)
            #expect(names(session) == ["r"])
            await evaluate(session, "get /cookies")
            #expect(echoed(session, "cookies") == ["r": "1"])
            await evaluate(session, "get /cookies/delete?r")
            #expect(session.workbench.lastExchange?.response.statusCode == 302)
            #expect(names(session).isEmpty)
        }
    }

    @Test func pathExpiryDomainAndSecureDecideWhatIsKeptAndSent() async throws {
        try await withSession { session in
            await evaluate(session, """
                get sandbox/httpbin/response-headers Set-Cookie=='p=1; Path=/httpbin/anything' \
                Set-Cookie=='later=2; Expires=Wed, 21 Oct 2099 07:28:00 GMT' \
                Set-Cookie=='gone=3; Expires=Thu, 01 Jan 1970 00:00:00 GMT' \
                Set-Cookie=='brief=4; Max-Age=600' \
                Set-Cookie=='s=5; Secure; HttpOnly' Set-Cookie=='d=6; Domain=example.com'
                """)
            // `gone` came expired and `d` named a domain that is not the host's.
            #expect(names(session).sorted() == ["brief", "later", "p", "s"])
            await evaluate(session, "get /cookies")
            // Default path /httpbin (the request's up to its last slash); `s` is Secure, and this is http.
            #expect(echoed(session, "cookies") == ["brief": "4", "later": "2"])
            await evaluate(session, "get /anything/x")
            #expect(echoed(session, "headers")?["Cookie"] == "p=1; brief=4; later=2")
            // Ten minutes on, `brief` is no longer sent (the jar is asked as of then).
            let cookiesURL = try #require(session.sandboxURL).appendingPathComponent("httpbin/cookies")
            let later = session.workbench.cookieJar.cookies(for: cookiesURL, now: Date().addingTimeInterval(601))
            #expect(later.map(\.name) == ["later"])
            await evaluate(session, "cookies -brief")
            console.clearCaptured()
            await evaluate(session, "cookies")
            #expect(console.capturedText == """
                later=2  127.0.0.1  /httpbin           2099-10-21 07:28:00 GMT
                s=5      127.0.0.1  /httpbin           session                  Secure HttpOnly
                p=1      127.0.0.1  /httpbin/anything  session

                """)
        }
    }

    @Test func aCookieHeaderOfYourOwnIsSentInstead() async throws {
        try await withSession { session in
            await evaluate(session, "get sandbox/httpbin/cookies/set?a=1", "get /cookies Cookie:mine=1")
            #expect(echoed(session, "cookies") == ["mine": "1"])
        }
    }

    @Test func listingMasksSecretNamesUnlessShown() async throws {
        try await withSession { session in
            await evaluate(session, "cookies")
            #expect(console.capturedText == "no cookies\n")
            await evaluate(session, "get sandbox/httpbin/cookies/set?theme=dark&session_id=xyz")
            console.clearCaptured()
            await evaluate(session, "cookies")
            #expect(console.capturedText == "session_id=***  127.0.0.1  /  session\ntheme=dark      127.0.0.1  /  session\n")
            console.clearCaptured()
            await evaluate(session, "cookies --show")
            #expect(console.capturedText == "session_id=xyz  127.0.0.1  /  session\ntheme=dark      127.0.0.1  /  session\n")
        }
    }

    @Test func removingOneAndClearing() async throws {
        try await withSession { session in
            await evaluate(session, "get sandbox/httpbin/cookies/set?theme=dark&session_id=xyz&lang=en")
            #expect(CookiesCommand().complete(["-th"], session: session) == ["-theme"])
            #expect(CookiesCommand().complete(["cl"], session: session) == ["clear"])
            console.clearCaptured()
            await evaluate(session, "cookies -theme")
            #expect(console.capturedText.isEmpty)
            #expect(names(session) == ["lang", "session_id"])
            #expect(await session.evaluate("cookies -theme") == false)
            #expect(console.capturedText == "error: no cookie named 'theme' (there are: lang, session_id)\n")
            console.clearCaptured()
            #expect(await session.evaluate("cookies nonsense") == false)
            #expect(console.capturedText == "error: cookies takes --show, -NAME, clear, load FILE or save FILE, got 'nonsense'\n")
            await evaluate(session, "cookies clear", "get /cookies")
            #expect(echoed(session, "cookies") == [:])
            console.clearCaptured()
            #expect(await session.evaluate("cookies -lang") == false)
            #expect(console.capturedText == "error: no cookie named 'lang' (the jar is empty)\n")
        }
    }

    /// `cookies save FILE` writes the jar as curl's -c does, and `cookies load FILE` (or a pasted
    /// `curl -b FILE`) reads it back into another session, whose requests then send them.
    @Test func theJarIsSavedToAndLoadedFromACookieFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("cookies.txt").path
        try await withSession { session in
            await evaluate(session, "get sandbox/httpbin/cookies/set?theme=dark&lang=en", "cookies save \(file)")
            #expect(console.capturedText.hasSuffix("wrote 2 cookies to \(file)\n"), "\(console.capturedText)")
        }
        try await withSession { session in
            await evaluate(session, "cookies load \(file)", "get sandbox/httpbin/cookies")
            #expect(echoed(session, "cookies") == ["theme": "dark", "lang": "en"])
            await evaluate(session, "cookies clear", "curl -b \(file) -c \(file).out sandbox/httpbin/cookies")
            #expect(echoed(session, "cookies") == ["theme": "dark", "lang": "en"])
            #expect(try String(contentsOfFile: file + ".out", encoding: .utf8).contains("\ttheme\tdark\n"))
            console.clearCaptured()
            #expect(await session.evaluate("cookies load \(folder.url.path)/none.txt") == false)
            #expect(console.capturedText.hasPrefix("error: file not found: '\(folder.url.path)/none.txt'"), "\(console.capturedText)")
            try "not a cookie\n".write(toFile: file, atomically: true, encoding: .utf8)
            console.clearCaptured()
            let before = session.workbench.exchanges.count
            #expect(await session.evaluate("curl -b \(file) sandbox/httpbin/cookies") == false)
            #expect(console.capturedText.hasPrefix("error: curl: -b \(file): line 1 of the cookie file is not seven fields"), "\(console.capturedText)")
            #expect(session.workbench.exchanges.count == before)
        }
    }

    /// The jar is not saved: the snippet's replay gets the cookie from the server and prints the same.
    @Test func aSavedSessionReplaysItsCookiesFromTheServer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withSession { session in
            await evaluate(session, "get sandbox/httpbin/cookies/set?a=1", "get /cookies", "cookies")
            #expect(session.transcript.steps.count == 2, "`cookies` is not a step")
            await evaluate(session, "save jar --dir \(directory.path)")
            let source = try String(contentsOf: directory.appendingPathComponent("jar.swift"), encoding: .utf8)
            #expect(!source.contains("cookieJar") && !source.contains("Cookie"))
            await evaluate(session, "cookies clear")
            console.clearCaptured()
            await evaluate(session, "replay jar --dir \(directory.path)")
            let replayed = console.capturedText
            #expect(replayed.components(separatedBy: "\"a\": \"1\"").count == 3, "\(replayed)")
            #expect(names(session).isEmpty, "the replay has a jar of its own")
        }
    }
}
