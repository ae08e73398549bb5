/// What a request's target names: a whole URL or a path. The one rule `get`/`post`/…, `url` and
/// `base` read a target by, in the REPL and in a snippet alike.
///
/// A target typed without a scheme is a URL when its first segment is a host, as HTTPie reads
/// `httpie.io/hello`: `localhost`, an IPv4 address, a dotted name ending in a common top-level
/// domain, or any of these or a one-word name with a `:port` (the one-word name only before a `/`,
/// so that `X-Count:5` stays a header item). A domain name gets `https://` (public APIs serve it);
/// `localhost`, an address and a one-word name get `http://` (a local server rarely has TLS).
public enum RequestTarget {
    /// Top-level domains a first segment may end in; `data.json` or `v1.2` stay paths.
    static let topLevelDomains: Set<String> = [
        "com", "org", "net", "io", "dev", "app", "co", "uk", "de", "fr", "jp", "edu", "gov", "info", "me", "ai",
        "cloud", "us", "ca", "au", "nl", "eu", "ch", "se", "es", "it", "pl", "be", "at", "nz", "in", "br", "cn",
        "ru", "tv", "xyz", "tech", "site", "online", "biz", "int", "ly", "gg", "fm", "so", "to", "local", "test",
    ]

    /// Whether `text` is a whole URL (with a scheme, `sandbox/…`, or a host first) rather than a path.
    public static func isURL(_ text: String) -> Bool {
        text.containsText("://") || SandboxAddress.isPortable(text) || schemeAdded(text) != nil
    }

    /// `text` as a URL with its scheme: `api.github.com/users` → `https://api.github.com/users`,
    /// `localhost:8080/x` → `http://localhost:8080/x`; other text as it is.
    public static func absolute(_ text: String) -> String {
        schemeAdded(text) ?? text
    }

    /// The URL `text` names when it starts with a host and has no scheme; nil otherwise.
    static func schemeAdded(_ text: String) -> String? {
        guard !text.containsText("://"), !SandboxAddress.isPortable(text) else { return nil }
        let end = text.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        let first = text[..<end]
        var host = first
        if let colon = first.lastIndex(of: ":") {
            let port = first[first.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isASCIIDigit), let number = Int(port), (1...65535).contains(number) else {
                return nil
            }
            host = first[..<colon]
        }
        let hasPort = host.endIndex != first.endIndex
        let name = host.lowercased()
        let scheme: String
        if name == "localhost" || isIPv4(name) {
            scheme = "http"
        } else if isDomainName(name) {
            scheme = "https"
        } else if hasPort && end != text.endIndex && text[end] == "/" && isLabel(Substring(name)) {
            scheme = "http"
        } else {
            return nil
        }
        return scheme + "://" + text
    }

    static func isIPv4(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part).map { $0 <= 255 } == true
        }
    }

    static func isDomainName(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, topLevelDomains.contains(String(last)) else { return false }
        return labels.allSatisfy(isLabel)
    }

    static func isLabel(_ label: Substring) -> Bool {
        !label.isEmpty && label.first != "-" && label.last != "-"
            && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
