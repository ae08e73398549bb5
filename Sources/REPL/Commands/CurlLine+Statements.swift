import Foundation
import WorkbenchKit

/// A curl line as WorkbenchKit statements: a fresh request (`reset`), its URL, method, headers and
/// body, then `send` — what `save` writes for it.
extension CurlLine {
    /// The Content-Type curl sends with data when the line gives none.
    var defaultContentType: String { json ? "application/json" : "application/x-www-form-urlencoded" }

    /// The method curl sends: `-X` as written, else HEAD for `-I`, PUT for `-T`, POST with data
    /// (unless `-G`), else GET.
    var effectiveMethod: String {
        if let method { return method }
        if head { return "HEAD" }
        if uploadFile != nil { return "PUT" }
        return (!data.isEmpty && !get) || !form.isEmpty ? "POST" : "GET"
    }

    /// The data options' text as curl sends it: joined with `&`, `--json` ones back to back.
    var joinedData: String {
        data.map(\.text).joined(separator: json ? "" : "&")
    }

    func statements() throws -> [WorkbenchStatement] {
        guard var url else { return [] }
        if head && ((!data.isEmpty && !get) || !form.isEmpty) {
            throw UsageError("curl: -I sends a HEAD request, which has no body — drop the data or -I")
        }
        if !form.isEmpty && !data.isEmpty { throw UsageError("curl: -F (multipart) and -d (data) are two bodies — curl takes one of them") }
        if uploadFile != nil && (!form.isEmpty || (!data.isEmpty && !get)) {
            throw UsageError("curl: -T (a file uploaded) and -d or -F are two bodies — curl takes one of them")
        }
        // curl reads a URL without a scheme as http; `sandbox/NAME/…` is the sandbox's, as everywhere.
        if !url.contains("://") && !SandboxAddress.isPortable(url) { url = "http://" + url }
        if let uploadFile { url = Self.uploadURL(url, file: uploadFile) }
        let query = (get ? data.map(\.text) : []) + urlQuery
        if !query.isEmpty {
            url += (url.contains("?") ? "&" : "?") + query.joined(separator: "&")
        }
        try check(url: url)
        var statements: [WorkbenchStatement] = [.reset, .url(url)]
        if effectiveMethod != "GET" { statements.append(.method(effectiveMethod)) }
        var headers = self.headers
        if json {
            for name in ["Content-Type", "Accept"] where !headers.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                headers.append((name, "application/json"))
            }
        }
        // A multipart body's Content-Type carries its own boundary: a given one would not match it.
        if !form.isEmpty { headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("multipart/form-data") } }
        // curl sends every -b name=value in one Cookie header, joined with `;`.
        if !cookies.isEmpty { headers.append(("Cookie", cookies.joined(separator: ";"))) }
        // -u's Basic header goes when -H gives an Authorization (curl's own header wins) or when
        // --digest answers the server's challenge instead.
        var digestAuth: WorkbenchStatement?
        // The last -u is the one curl uses.
        if let user = users.last, let colon = user.firstIndex(of: ":") {
            let fromUser = Set(users.map(Self.basic))
            let given = headers.contains { $0.name.lowercased() == "authorization" && !fromUser.contains($0.value) }
            if digest || given { headers.removeAll { $0.name == "Authorization" && fromUser.contains($0.value) } }
            if digest { digestAuth = .digestAuth(String(user[..<colon]), password: String(user[user.index(after: colon)...])) }
        }
        statements += headers.map { .header($0.name, $0.value) }
        if let digestAuth { statements.append(digestAuth) }
        if !form.isEmpty { statements.append(.multipart(form.map { .init($0.name, $0.value) })) }
        if let uploadFile { statements.append(.bodyFile(uploadFile)) }
        if !data.isEmpty && !get {
            let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value
            let body = body(contentType: contentType ?? defaultContentType)
            // A form body brings curl's Content-Type with it; any other needs it said.
            if contentType == nil, body.form != .form { statements.append(.header("Content-Type", defaultContentType)) }
            statements.append(body)
        }
        if followRedirects { statements.append(.followRedirects(true)) }
        if let maxTime { statements.append(.timeout(maxTime)) }
        statements.append(.send(stream: stream))
        if let file = try outputFile(for: url) { statements.append(.saveBody(file)) }
        return statements
    }

    /// Where `-o` or `-O` has the body written, as curl names it (after `--output-dir` when given);
    /// nil without them, or for `-o -`, which is standard output.
    func outputFile(for url: String) throws -> String? {
        var name: String
        switch outputs.first ?? (remoteNameAll ? .remoteName : nil) {
        case .file(let path)?:
            guard path != "-" else { return nil }
            name = path
        case .remoteName?:
            // curl names the file as the URL's path ends (escapes and all), its query and fragment aside.
            var rest = Substring(url)
            if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...].drop { $0 != "/" } }
            let path = rest.prefix { $0 != "?" && $0 != "#" }
            guard let last = path.split(separator: "/", omittingEmptySubsequences: false).last, !last.isEmpty else {
                throw UsageError("curl: -O names the file as the URL's path ends, and '\(ErrorLine.echo(url))' ends in no name — give -o FILE")
            }
            name = String(last)
        case nil:
            return nil
        }
        // curl puts the folder before any name, an absolute one too (`DIR//tmp/x`, which it then cannot write).
        if let outputDirectory { name = outputDirectory + "/" + name }
        return name
    }

    /// What the statements would fail on once `reset` has run, checked before: the URL, the
    /// method, the headers and `-F`'s files, so a line that fails leaves the request as it was.
    private func check(url: String) throws {
        if !SandboxAddress.isPortable(url) { _ = try RequestDraft.parseURL(url) }
        if !HeaderList.isValidName(effectiveMethod) { throw WorkbenchError.invalidMethod(effectiveMethod) }
        for header in headers {
            guard HeaderList.isValidName(header.name) else { throw WorkbenchError.invalidHeaderName(header.name) }
            guard HeaderList.isValidValue(header.value) else { throw WorkbenchError.invalidHeaderValue(name: header.name) }
        }
        for field in form where field.value.hasPrefix("@") {
            let path = String(field.value.dropFirst().prefix { $0 != ";" })
            guard FileManager.default.isReadableFile(atPath: (path as NSString).expandingTildeInPath) else {
                throw UsageError("curl: -F '\(ErrorLine.echo(field.name))=@\(ErrorLine.echo(path))': cannot read '\(ErrorLine.echo(path))'")
            }
        }
    }

    /// `-T FILE`'s URL: one whose path ends in `/`, or that has none, gets the file's name there
    /// (before its query), as curl puts it.
    static func uploadURL(_ url: String, file: String) -> String {
        let name = (file as NSString).lastPathComponent
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name
        let queryStart = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var base = String(url[..<queryStart])
        let afterScheme = base.range(of: "://").map { base[$0.upperBound...] } ?? base[...]
        if !afterScheme.contains("/") {
            base += "/" + encoded
        } else if base.hasSuffix("/") {
            base += encoded
        }
        return base + url[queryStart...]
    }

    /// JSON when the type says JSON and the text is; a form when the type is a form and every
    /// `&` part is `name=value` that the form's own encoding writes back byte for byte; a file for
    /// `--data-binary @FILE` alone; else the text as it is. curl sends data as given, so a form
    /// written otherwise (`foo="bar"`, `item[]=1`, `a=b+c`) is sent as that text.
    func body(contentType: String) -> WorkbenchStatement {
        let type = contentType.lowercased()
        let text = joinedData
        if data.count == 1, let file = data[0].file { return .bodyFile(file) }
        if type.contains("json"), (try? JSONValidator.validate(text)) != nil { return .bodyJSON(text) }
        if type.hasPrefix("application/x-www-form-urlencoded"), let fields = Self.formFields(text),
           RequestBody.formEncoded(fields.map { URLQueryItem(name: $0.name, value: $0.value) }) == text {
            return .form(fields)
        }
        return .bodyText(text)
    }

    /// `a=1&b=x%20y` as name and value pairs, decoded (`+` is a space); nil for other text.
    static func formFields(_ text: String) -> [WorkbenchStatement.Pair]? {
        guard !text.isEmpty else { return nil }
        var fields: [WorkbenchStatement.Pair] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else { return nil }
            func decoded(_ text: Substring) -> String? { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decoded(part[..<equals]), let value = decoded(part[part.index(after: equals)...]) else { return nil }
            fields.append(.init(name, value))
        }
        return fields
    }
}
