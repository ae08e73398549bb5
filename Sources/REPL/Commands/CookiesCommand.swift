import Foundation
import WorkbenchKit

/// `cookies [--show]`, `cookies -NAME`, `cookies clear`, `cookies load|save FILE`: the session's cookie jar.
///
/// Not a statement: the jar holds what servers set, which are secrets, so `save` writes nothing
/// of it and a replay gets the cookies from the server again.
struct CookiesCommand: Command {
    let name = "cookies"
    let argumentsMayHoldSecrets = true
    var synopsis: String { "cookies \(options.synopsis) | cookies -NAME | cookies clear | cookies load FILE | cookies save FILE" }
    static let show = CommandOption("--show", help: "show the values of secret-looking names too")
    let options = [Self.show]

    func offeredOptions(before words: [String]) -> [CommandOption] { words.isEmpty ? options : [] }

    /// What the command takes, for its usage errors.
    private var takes: String { "cookies takes \(options.listed), -NAME, clear, load FILE or save FILE" }
    let summary = "the cookies responses set, which later requests send: list, remove one, or empty the jar"
    let group = CommandGroup.inspect
    let help = """
        Every response's Set-Cookie goes into the session's jar, also a redirect's, and each
        request sends the cookies whose domain, path and expiry match its URL (Secure ones over
        https only), as URLSession's cookie storage does; a Cookie header you set yourself is sent
        instead. One line each: name=value, domain (a leading dot: its subdomains too), path,
        expiry or `session`, and Secure / HttpOnly. Values of secret-looking names (session,
        token, auth, …) show as *** unless --show. `cookies -NAME` removes that cookie,
        `cookies clear` all of them. `cookies load FILE` adds a cookie file's cookies (the
        tab-separated format curl's -c, wget and browsers' export extensions write) and
        `cookies save FILE` writes the jar so (curl -b FILE reads it). A snippet never holds the
        jar: a replay gets cookies from the server.
        Swift: none (`wb.cookieJar` holds them)

        Examples:
          wb> get sandbox/httpbin/cookies/set?theme=dark
          wb> cookies
          wb> cookies -theme
          wb> cookies clear
          wb> cookies save cookies.txt
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let word = words.first else { return [] }
        if word.hasPrefix("-") && !word.hasPrefix("--") {
            let names = session.workbench.cookieJar.cookies().map(\.name)
            return RequestCompletion.matching(String(word.dropFirst()), names).map { "-" + $0 }
        }
        return RequestCompletion.matching(word, options.map(\.name) + ["clear", "load", "save"])
    }

    func run(_ arguments: String, session: Session) async throws {
        let jar = session.workbench.cookieJar
        if arguments.hasPrefix("--") {
            guard let (given, rest) = try? leadingFlags(arguments), rest.isEmpty else {
                throw UsageError("\(takes), got '\(ErrorLine.echo(arguments))'")
            }
            return list(jar.cookies(), shown: given.has(Self.show), console: session.console)
        }
        switch arguments {
        case "":
            list(jar.cookies(), shown: false, console: session.console)
        case "clear":
            jar.removeAll()
        case let file where file.hasPrefix("load ") || file.hasPrefix("save "):
            let words = try Arguments.split(file)
            guard words.count == 2, !words[1].isEmpty else { throw UsageError("usage: cookies load FILE | cookies save FILE") }
            if words[0] == "load" {
                guard let data = FileManager.default.contents(atPath: words[1]) else { throw WorkbenchError.fileNotFound(words[1]) }
                let count = try jar.add(netscapeText: String(decoding: data, as: UTF8.self))
                session.console.line(session.console.styled("added \(count) cookie\(count == 1 ? "" : "s") from \(words[1])", .dim))
            } else {
                do {
                    try jar.netscapeText().write(toFile: words[1], atomically: true, encoding: .utf8)
                } catch {
                    throw UsageError("cannot write '\(ErrorLine.echo(words[1]))': \(error.localizedDescription)")
                }
                let count = jar.cookies().count
                session.console.line(session.console.styled("wrote \(count) cookie\(count == 1 ? "" : "s") to \(words[1])", .dim))
            }
        case let removal where removal.hasPrefix("-") && !removal.hasPrefix("--") && removal.count > 1:
            let name = String(removal.dropFirst())
            guard jar.remove(named: name) else {
                let names = jar.cookies().map(\.name)
                let there = names.isEmpty ? "the jar is empty" : "there are: " + names.joined(separator: ", ")
                throw UsageError("no cookie named '\(ErrorLine.echo(name))' (\(there))")
            }
        default:
            throw UsageError("\(takes), got '\(ErrorLine.echo(arguments))'")
        }
    }

    private func list(_ cookies: [StoredCookie], shown: Bool, console: Console) {
        guard !cookies.isEmpty else { return console.line(console.styled("no cookies", .dim)) }
        let rows = cookies.map { cookie in
            [cookie.name + "=" + (shown || !SecretNames.isSecret(cookie.name) ? cookie.value : "***"),
             (cookie.hostOnly ? "" : ".") + cookie.domain, cookie.path,
             cookie.expires.map(Self.expiry) ?? "session",
             [cookie.isSecure ? "Secure" : nil, cookie.isHTTPOnly ? "HttpOnly" : nil].compactMap { $0 }.joined(separator: " ")]
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = (0..<4).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) } + [row[4]]
            console.line(padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }

    static func expiry(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
