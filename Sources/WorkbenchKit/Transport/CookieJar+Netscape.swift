import Foundation

/// The cookie file curl, wget and browsers' export extensions read and write (the "Netscape"
/// format): one cookie a line, seven fields apart by tabs — domain, whether subdomains match
/// (`TRUE`/`FALSE`), path, `Secure` (`TRUE`/`FALSE`), expiry in seconds since 1970 (0 for a
/// session cookie), name, value; `#HttpOnly_` before the domain of an HttpOnly one; other lines
/// starting with `#` are comments.
extension CookieJar {
    /// Adds the cookies of a cookie file's `text` (an expired one is left out); how many it added.
    /// A line that is not seven fields is a one-line error naming it, and nothing is added.
    @discardableResult
    public func add(netscapeText text: String, now: Date = Date()) throws(WorkbenchError) -> Int {
        var cookies: [StoredCookie] = []
        // `\r\n` is one Character: a file written on Windows splits as any other.
        for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = rawLine
            var httpOnly = false
            if line.hasPrefix("#HttpOnly_") {
                line = line.dropFirst("#HttpOnly_".count)
                httpOnly = true
            } else if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty {
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, let seconds = Double(fields[4]), !fields[0].isEmpty, !fields[5].isEmpty else {
                throw .invalidCookieFile(line: number + 1, reason: "not seven fields apart by tabs (domain, subdomains, path, secure, expiry, name, value)")
            }
            let expires = seconds > 0 ? Date(timeIntervalSince1970: seconds) : nil
            if let expires, expires <= now { continue }
            let domain = fields[0].hasPrefix(".") ? String(fields[0].dropFirst()) : fields[0]
            cookies.append(StoredCookie(name: fields[5], value: fields[6], domain: domain.lowercased(),
                                        hostOnly: fields[1].uppercased() != "TRUE", path: fields[2].isEmpty ? "/" : fields[2],
                                        expires: expires, isSecure: fields[3].uppercased() == "TRUE", isHTTPOnly: httpOnly))
        }
        let kept = self.cookies(now: now).filter { old in
            !cookies.contains { $0.name == old.name && $0.domain == old.domain && $0.path == old.path }
        }
        replace(with: kept + cookies)
        return cookies.count
    }

    /// The jar as a cookie file, with the header line curl writes so that readers know the format.
    public func netscapeText(now: Date = Date()) -> String {
        var lines = ["# Netscape HTTP Cookie File", "# Written by Workbench: one cookie a line, fields apart by tabs.", ""]
        for cookie in cookies(now: now) {
            let domain = (cookie.isHTTPOnly ? "#HttpOnly_" : "") + (cookie.hostOnly ? "" : ".") + cookie.domain
            let expiry = cookie.expires.map { String(Int($0.timeIntervalSince1970)) } ?? "0"
            lines.append([domain, cookie.hostOnly ? "FALSE" : "TRUE", cookie.path, cookie.isSecure ? "TRUE" : "FALSE",
                          expiry, cookie.name, cookie.value].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
