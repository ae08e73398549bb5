import Foundation
import Testing
@testable import WorkbenchKit

/// The jar's rules where the sandbox cannot reach them: other hosts, subdomains, https.
@Suite struct CookieMatchingTests {
    let jar = CookieJar()

    func names(_ url: String) -> [String] { jar.cookies(for: URL(string: url)!).map(\.name) }

    @Test func aDomainCookieReachesSubdomainsAndAHostOnlyOneDoesNot() {
        jar.store("wide=1; Domain=.example.com", from: URL(string: "https://api.example.com/x")!)
        jar.store("narrow=2", from: URL(string: "https://api.example.com/x")!)
        jar.store("foreign=3; Domain=other.org", from: URL(string: "https://api.example.com/x")!)
        #expect(names("https://api.example.com/") == ["narrow", "wide"])
        #expect(names("https://www.example.com/") == ["wide"])
        #expect(names("https://example.com/") == ["wide"])
        #expect(names("https://notexample.com/").isEmpty)
        #expect(jar.cookies().map(\.domain) == ["api.example.com", "example.com"])
    }

    @Test func pathsMatchWholeSegmentsAndSecureNeedsHTTPS() {
        jar.store("p=1; Path=/docs; Secure; HttpOnly", from: URL(string: "https://example.com/")!)
        #expect(names("https://example.com/docs") == ["p"])
        #expect(names("https://example.com/docs/a/b") == ["p"])
        #expect(names("https://example.com/docsearch").isEmpty)
        #expect(names("http://example.com/docs").isEmpty)
        let cookie = jar.cookies().first
        #expect(cookie?.isSecure == true && cookie?.isHTTPOnly == true)
    }

    @Test func maxAgeWinsOverExpiresAndZeroDeletes() {
        let url = URL(string: "http://example.com/")!
        let now = Date()
        jar.store("a=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT", from: url, now: now)
        #expect(jar.cookies(now: now).first?.expires == now.addingTimeInterval(60))
        #expect(jar.cookies(now: now.addingTimeInterval(61)).isEmpty)
        jar.store("a=; Max-Age=0", from: url, now: now)
        #expect(jar.cookies(now: now).isEmpty)
        #expect(jar.remove(named: "a") == false)
    }

    /// URLSession on Linux hands repeated Set-Cookie headers over joined with ", ".
    @Test func joinedHeadersSplitAtCookiesNotAtDates() {
        #expect(CookieJar.splitCombined("a=1; Path=/, b=; Expires=Thu, 01-Jan-1970 00:00:00 GMT; Max-Age=0, c=3")
                == ["a=1; Path=/", "b=; Expires=Thu, 01-Jan-1970 00:00:00 GMT; Max-Age=0", "c=3"])
        #expect(CookieJar.parseDate("Thu, 01-Jan-1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(CookieJar.parseDate("Wed, 21 Oct 2015 07:28:00 GMT") == Date(timeIntervalSince1970: 1_445_412_480))
        #expect(CookieJar.defaultPath("/httpbin/cookies/set") == "/httpbin/cookies")
        #expect(CookieJar.defaultPath("/cookies") == "/")
    }
}
