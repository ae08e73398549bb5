import Foundation

/// An `.http` file as VS Code's REST Client and JetBrains' HTTP Client write it: requests apart by
/// lines that start with `###`, each a request line (`METHOD URL [HTTP/1.1]`, or a URL alone for
/// GET, with `?…`/`&…` lines going on with its query), header lines, a blank line and a body (or
/// `< ./file` for a file's). `# @name NAME` names the request below it; `@name = value` lines are
/// the file's variables; other lines starting with `#` or `//` are comments. Variables (`{{…}}`)
/// are left as written: `HTTPFileVariables` fills them in when a request is sent.
public struct HTTPFile: Sendable, Equatable {
    public struct Request: Sendable, Equatable {
        /// `# @name NAME`, else the text after its `###` line, else nil.
        public var name: String?
        public var method: String
        public var url: String
        public var headers: [(name: String, value: String)]
        public var body: Body?
        /// The request line's line in the file (1-based).
        public var line: Int
        /// What the file asks that Workbench does not run (a response handler's script): each said
        /// in one line when the request is sent.
        public var notRun: [String] = []
        /// `>> FILE` or `>>! FILE` below it: where its response's body is written.
        public var savesResponse: SavedResponse?

        public static func == (lhs: Request, rhs: Request) -> Bool {
            lhs.name == rhs.name && lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.line == rhs.line
                && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
                && lhs.notRun == rhs.notRun && lhs.savesResponse == rhs.savesResponse
        }
    }

    /// Where a request's response body goes, as JetBrains' HTTP client writes it: `>> FILE` keeps a
    /// file already there and writes `FILE-1` (`-2` …) beside it, `>>! FILE` replaces it. A relative
    /// path is the `.http` file's folder's.
    public struct SavedResponse: Sendable, Equatable {
        public var path: String
        public var replaces: Bool
    }

    public enum Body: Sendable, Equatable {
        case text(String)
        /// `< PATH`: the file's bytes, its path relative to the `.http` file's folder; with `<@`,
        /// its text has variables filled in too.
        case file(String, withVariables: Bool)
    }

    /// `@name = value` lines, in order (a later one of a name wins, as in both clients).
    public var variables: [(name: String, value: String)]
    public var requests: [Request]

    public static func == (lhs: HTTPFile, rhs: HTTPFile) -> Bool {
        lhs.requests == rhs.requests && lhs.variables.map(\.name) == rhs.variables.map(\.name)
            && lhs.variables.map(\.value) == rhs.variables.map(\.value)
    }

    /// What cannot be read, with the line it is on.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    public init(variables: [(name: String, value: String)] = [], requests: [Request] = []) {
        self.variables = variables
        self.requests = requests
    }

    /// Reads `text`; a request line that is neither `METHOD URL` nor a URL is an error naming its line.
    public init(parsing text: String) throws(ParseError) {
        variables = []
        requests = []
        // Lines end at `\n` (a `\r` before it dropped); `\r\n` is one Character, so bytes decide.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        var index = 0
        while index < lines.count {
            // One block: from here to the next `###` line.
            var title: String?
            if lines[index].hasPrefix("###") {
                let rest = lines[index].dropFirst(3).trimmingCharacters(in: .whitespaces)
                title = rest.isEmpty ? nil : rest
                index += 1
            }
            var end = index
            while end < lines.count, !lines[end].hasPrefix("###") { end += 1 }
            if let request = try Self.request(in: lines, index..<end, title: title, variables: &variables) {
                requests.append(request)
            }
            index = end
        }
    }

    /// The request of the lines in `range` (nil when they hold only comments and variables).
    private static func request(in lines: [String], _ range: Range<Int>, title: String?,
                                variables: inout [(name: String, value: String)]) throws(ParseError) -> Request? {
        var name = title
        var index = range.lowerBound
        // Before the request line: comments, `# @name`, `@variable = value`, blank lines.
        while index < range.upperBound {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                index += 1
            } else if let comment = Self.comment(line) {
                if let named = Self.directive("name", in: comment) { name = named }
                index += 1
            } else if line.hasPrefix("@"), let equals = line.firstIndex(of: "=") {
                let variable = line[line.index(after: line.startIndex)..<equals].trimmingCharacters(in: .whitespaces)
                variables.append((variable, line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
                index += 1
            } else {
                break
            }
        }
        guard index < range.upperBound else { return nil }
        let requestLine = lines[index].trimmingCharacters(in: .whitespaces)
        guard let (method, url) = Self.requestLine(requestLine) else {
            throw ParseError(line: index + 1, reason: "'\(requestLine)' is not a request line — write `METHOD URL` (`GET https://example.com/posts`) or a URL")
        }
        var request = Request(name: name, method: method, url: url, headers: [], body: nil, line: index + 1)
        index += 1
        // The query going on: `?a=1` or `&b=2` lines.
        while index < range.upperBound, let first = lines[index].trimmingCharacters(in: .whitespaces).first, first == "?" || first == "&" {
            request.url += lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
        }
        // Headers, to the first blank line.
        while index < range.upperBound {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            // A blank line, or a response handler or `>>` right after them, ends the headers.
            if line.isEmpty || line.hasPrefix(">") { break }
            index += 1
            if Self.comment(line) != nil { continue }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  Self.isHeaderName(Substring(line[..<colon].trimmingCharacters(in: .whitespaces))) else {
                throw ParseError(line: index, reason: "'\(line)' is not a header — write `Name: value`, and a blank line before the body")
            }
            request.headers.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        // The body: what is left, less the response handlers and the blank lines around it.
        var body: [String] = []
        var handler = false
        for line in lines[min(index, range.upperBound)..<range.upperBound] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if handler {
                if trimmed.hasSuffix("%}") { handler = false }
                continue
            }
            if trimmed.hasPrefix("> {%") {
                request.notRun.append("a response handler (`> {% … %}`), which is JavaScript")
                handler = !trimmed.hasSuffix("%}")
                continue
            }
            if trimmed.hasPrefix(">> ") || trimmed.hasPrefix(">>! ") {
                let replaces = trimmed.hasPrefix(">>!")
                request.savesResponse = SavedResponse(path: trimmed.dropFirst(replaces ? 3 : 2).trimmingCharacters(in: .whitespaces), replaces: replaces)
                continue
            }
            if trimmed.hasPrefix("> "), trimmed.hasSuffix(".js") {
                request.notRun.append("the response handler `\(trimmed)`, which is JavaScript")
                continue
            }
            // JetBrains notes the file it kept a response in below the request it ran.
            if trimmed.hasPrefix("<> ") { continue }
            body.append(line)
        }
        while let first = body.first, first.trimmingCharacters(in: .whitespaces).isEmpty { body.removeFirst() }
        while let last = body.last, last.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        // `< ./file` (or `<@ ./file`) alone is a file's body; `<ping/>` is XML.
        if body.count == 1, let only = body.first?.trimmingCharacters(in: .whitespaces), only.hasPrefix("< ") || only.hasPrefix("<@ ") {
            let withVariables = only.hasPrefix("<@")
            request.body = .file(only.dropFirst(withVariables ? 2 : 1).trimmingCharacters(in: .whitespaces), withVariables: withVariables)
        } else if !body.isEmpty {
            request.body = .text(body.joined(separator: "\n"))
        }
        return request
    }

    /// `METHOD URL [HTTP/VERSION]`, or a URL alone (GET): the method and the URL, spaces in it kept.
    static func requestLine(_ line: String) -> (method: String, url: String)? {
        var text = Substring(line)
        if let version = text.range(of: #"\s+HTTP/\S+$"#, options: .regularExpression) { text = text[..<version.lowerBound] }
        let looksLikeURL = { (text: Substring) in text.contains("/") || text.contains(".") || text.contains("{{") || text.contains(":") }
        guard let space = text.firstIndex(where: \.isWhitespace) else {
            // A word alone is a URL when it looks like one, not a method without its URL.
            return looksLikeURL(text) ? ("GET", String(text)) : nil
        }
        let method = text[..<space]
        let url = text[space...].trimmingCharacters(in: .whitespaces)
        guard method.allSatisfy({ $0.isLetter }), !url.isEmpty else { return nil }
        if methods.contains(method.uppercased()) { return (method.uppercased(), url) }
        // Another method (`PURGE`, `purge`) only before what looks like a URL: `fetch the posts` is no request.
        return looksLikeURL(Substring(url.prefix { !$0.isWhitespace })) ? (String(method), url) : nil
    }

    /// A header's name: a token (RFC 9110), or one made of `{{variables}}`.
    static func isHeaderName(_ name: Substring) -> Bool {
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        return name.contains("{{") || name.unicodeScalars.allSatisfy { token.contains($0) && $0.isASCII }
    }

    /// The text of a `#` or `//` comment line, nil for any other.
    static func comment(_ line: String) -> String? {
        if line.hasPrefix("#") { return String(line.dropFirst()) }
        if line.hasPrefix("//") { return String(line.dropFirst(2)) }
        return nil
    }

    /// `@name NAME` (or `@name=NAME`) in a comment's text.
    static func directive(_ directive: String, in comment: String) -> String? {
        let text = comment.trimmingCharacters(in: .whitespaces)
        // `@name NAME` or `@name=NAME`, not `@namespace`.
        guard text.hasPrefix("@" + directive), text.dropFirst(directive.count + 1).first.map({ $0 == "=" || $0.isWhitespace }) ?? false else { return nil }
        let value = text.dropFirst(directive.count + 1).trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "=")))
        return value.isEmpty ? nil : value
    }
}
