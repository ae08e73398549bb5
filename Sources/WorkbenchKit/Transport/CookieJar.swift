import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One cookie as the jar keeps it (RFC 6265's storage model, section 5.3).
public struct StoredCookie: Codable, Sendable, Equatable {
    public var name: String
    public var value: String
    /// The host it came from (`hostOnly`), or the `Domain` it named, without a leading dot.
    public var domain: String
    /// True when the response gave no `Domain`: sent to that host only, not its subdomains.
    public var hostOnly: Bool
    public var path: String
    /// Nil for a session cookie, kept until the jar is emptied.
    public var expires: Date?
    public var isSecure: Bool
    /// Kept as a flag: this jar sends it over HTTP like any other, as URLSession does.
    public var isHTTPOnly: Bool
}

/// A session's cookies: `Set-Cookie` from every response goes in, and a request gets the matching
/// ones as its `Cookie` header, by domain, path, expiry and `Secure` (https only).
///
/// Its own and per `Workbench`, not `HTTPCookieStorage`: `Transport` turns URLSession's storage off
/// so that sessions never share, or persist, what a server set.
public final class CookieJar: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [StoredCookie] = []

    public init() {}

    /// The cookies not yet expired, by domain, path and name.
    public func cookies(now: Date = Date()) -> [StoredCookie] {
        lock.withLock { stored }
            .filter { $0.expires.map { $0 > now } ?? true }
            .sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
    }

    /// The cookies a request to `url` sends, longer paths first (RFC 6265 section 5.4).
    public func cookies(for url: URL, now: Date = Date()) -> [StoredCookie] {
        // Every request asks; an empty jar answers before Foundation takes the URL apart.
        if lock.withLock({ stored.isEmpty }) { return [] }
        guard let host = url.host?.lowercased() else { return [] }
        let path = url.path.isEmpty ? "/" : url.path
        let secure = url.scheme?.lowercased() == "https"
        return cookies(now: now).filter { cookie in
            (cookie.hostOnly ? host == cookie.domain : Self.domainMatches(host, cookie.domain))
                && Self.pathMatches(path, cookie.path) && (secure || !cookie.isSecure)
        }.sorted { ($1.path.count, $0.name) < ($0.path.count, $1.name) }
    }

    /// The `Cookie` header for `url`, or nil when no cookie matches.
    public func header(for url: URL) -> String? {
        let matching = cookies(for: url)
        return matching.isEmpty ? nil : matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Takes the `Set-Cookie` headers of `response`, which came from its URL.
    func store(from response: HTTPURLResponse) {
        guard let url = response.url,
              let field = response.allHeaderFields.first(where: { Self.isSetCookie($0.key) })?.value
        else { return }
        for line in Self.splitCombined("\(field)") { store(line, from: url) }
    }

    /// Whether a header name is `Set-Cookie`, in any case; an ASCII name is compared as bytes
    /// (every response is asked this, and describing each key first was most of the cost).
    private static func isSetCookie(_ key: AnyHashable) -> Bool {
        if let name = key.base as? String, name.utf8.allSatisfy({ $0 < 0x80 }) {
            return HeaderList.sameName(name, "set-cookie")
        }
        return "\(key)".lowercased() == "set-cookie"
    }

    /// Takes one `Set-Cookie` value received from `url`; one it cannot take is dropped, as browsers do.
    public func store(_ setCookie: String, from url: URL, now: Date = Date()) {
        guard let host = url.host?.lowercased(), let cookie = Self.parse(setCookie, host: host, path: url.path, now: now) else { return }
        lock.withLock {
            // The one it replaces goes, and with it any that have expired.
            stored.removeAll { ($0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path)
                || $0.expires.map { $0 <= now } ?? false }
            if cookie.expires.map({ $0 > now }) ?? true { stored.append(cookie) }
        }
    }

    /// Removes every cookie called `name`; false when there was none (an expired one counts as none).
    @discardableResult
    public func remove(named name: String, now: Date = Date()) -> Bool {
        lock.withLock {
            let live = stored.contains { $0.name == name && $0.expires.map { $0 > now } ?? true }
            stored.removeAll { $0.name == name }
            return live
        }
    }

    public func removeAll() {
        lock.withLock { stored = [] }
    }

    /// Holds exactly `cookies`: the session's one jar handed between the REPL and the Swift host,
    /// so a cookie set (or removed) on either side is the one the other sends.
    public func replace(with cookies: [StoredCookie]) {
        lock.withLock { stored = cookies }
    }

    // MARK: Reading Set-Cookie

    /// URLSession on Linux joins repeated headers with `, `; a comma starts another cookie only
    /// where `name=` follows it (an `Expires` date's comma is followed by the day).
    static func splitCombined(_ field: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var rest = Substring(field)
        while let comma = rest.firstIndex(of: ",") {
            current += rest[..<comma]
            rest = rest[rest.index(after: comma)...]
            let next = rest.drop { $0 == " " }.prefix { $0 != ";" && $0 != "," }
            if let equals = next.firstIndex(of: "="), !next[..<equals].contains(" "), equals != next.startIndex {
                lines.append(current)
                current = ""
            } else {
                current += ","
            }
        }
        lines.append(current + rest)
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func parse(_ text: String, host: String, path requestPath: String, now: Date) -> StoredCookie? {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        var cookie = StoredCookie(name: name, value: pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces),
                            domain: host, hostOnly: true, path: defaultPath(requestPath), expires: nil,
                            isSecure: false, isHTTPOnly: false)
        var maxAge: Date?
        for attribute in parts.dropFirst() {
            let pieces = attribute.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pieces[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : ""
            switch key {
            case "expires": if let date = parseDate(value) { cookie.expires = date }
            case "max-age": if let seconds = Int(value) { maxAge = seconds <= 0 ? .distantPast : now.addingTimeInterval(Double(seconds)) }
            case "domain":
                let domain = (value.hasPrefix(".") ? String(value.dropFirst()) : value).lowercased()
                guard !domain.isEmpty else { continue }
                // A server may name only its own host or a domain above it (RFC 6265 section 5.3, step 6).
                guard domainMatches(host, domain) else { return nil }
                cookie.domain = domain
                cookie.hostOnly = host == domain
            case "path": if value.hasPrefix("/") { cookie.path = value }
            case "secure": cookie.isSecure = true
            case "httponly": cookie.isHTTPOnly = true
            default: break
            }
        }
        // Max-Age wins over Expires (RFC 6265 section 5.3, step 3).
        if let maxAge { cookie.expires = maxAge }
        return cookie
    }

    /// The request path up to its last `/`, or `/` (RFC 6265 section 5.1.4).
    static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        let isAddress = host.allSatisfy { $0.isNumber || $0 == "." } || host.contains(":")
        return !isAddress && host.hasSuffix("." + domain)
    }

    static func pathMatches(_ path: String, _ cookiePath: String) -> Bool {
        guard path.hasPrefix(cookiePath) else { return false }
        return path.count == cookiePath.count || cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// The date forms servers send in `Expires` (RFC 1123, RFC 850 with dashes, asctime).
    static func parseDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd-MMM-yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz",
                       "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
