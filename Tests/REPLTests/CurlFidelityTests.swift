import Foundation
import Testing
import TestSupport
import WorkbenchKit
@testable import REPL

/// Curl commands in the shapes API documentation and browsers' "Copy as cURL" write them, each sent
/// by the real `curl` and pasted at Workbench, against one server that keeps what came: the same
/// method, target, headers (User-Agent aside) and body bytes; multipart bodies part by part.
@MainActor
@Suite(.serialized) struct CurlFidelityTests {
    /// How a pasted command compares with curl's request.
    enum Expected: Equatable {
        case same
        /// Refused in one line, nothing sent: an option Workbench cannot honour.
        case refused
        /// Sent, but not as curl sends it, for the reason given (the transport's, or a choice); the
        /// difference found must name `showing` (and nothing else may differ).
        case differs(String, showing: String)
    }

    /// `{u}` is the server's address and a path of the case's own; `{dir}` a folder of files;
    /// `{jar}` a cookie file written there, one for each client.
    static let cases: [(command: String, expected: Expected)] = [
        // Requests as API documentation shows them.
        ("{u}/get", .same),
        ("'{u}/search?q=swift&page=2'", .same),
        ("\"{u}/search?q=a%20b&sort=-date\"", .same),
        ("-g '{u}/items?ids[]=1&ids[]=2'", .differs("Foundation's URL percent-encodes [ and ] in a query", showing: "target: curl /c")),
        ("-H 'Accept: application/json' {u}/users/1", .same),
        ("-H \"Authorization: Bearer abc.def.ghi\" {u}/me", .same),
        ("-i {u}/headers", .same),
        ("-sS -L {u}/follow", .same),
        ("-v {u}/verbose", .same),
        ("-A 'MyAgent/1.0' {u}/agent", .same),
        ("-e https://example.com/page {u}/referer", .same),
        ("-u alice:secret {u}/basic", .same),
        ("--user 'bob:p@ss:w0rd' {u}/basic-colon", .same),
        ("-b 'session=abc; theme=dark' {u}/cookies", .same),
        ("--cookie 'id=1' {u}/cookie", .same),
        ("-b {dir}/cookies.txt {u}/cookie-file/deeper", .same),
        ("-b {dir}/cookies.txt -c {jar} {u}/cookie-jar", .same),
        ("-b a=1 -b c=2 {u}/cookies-two", .same),
        ("-b {dir}/cookies.txt -b 'a=1; b=2' {u}/cookie-file-and-values", .same),
        ("--keepalive --progress-meter {u}/positive-forms", .same),
        ("-H 'X-Empty;' {u}/empty-header", .same),
        ("-I {u}/head", .same),
        ("-X DELETE {u}/posts/1", .same),
        ("-X wHat {u}/method-case", .same),
        ("-X PURGE {u}/cache", .same),
        ("-X PATCH {u}/posts/1 -H 'Content-Type: application/json' -d '{\"title\":\"x\"}'", .same),
        ("--request PUT --url {u}/insomnia --header 'content-type: application/json' --data '{\"a\":1}'", .same),
        ("-G {u}/search -d q=swift -d page=2", .same),
        ("-G {u}/search --data-urlencode 'q=hello world' --data-urlencode 'lang=en&us'", .same),
        ("-G --data-urlencode 'q=swift & co' {u}/get-encoded", .same),
        ("-d 'q=1' -G '{u}/get-joined?x=2'", .same),
        ("{u}/url-query --url-query 'q=a b' --url-query '+raw=%20'", .same),
        ("'{u}/url-query-more?a=1' --url-query 'name=Ada Lovelace'", .same),
        ("-m 5 {u}/max-time", .same),
        ("--max-time 2.5 --connect-timeout 1 {u}/timeouts", .same),
        ("-s -o /dev/null -w '%{http_code}' {u}/write-out", .same),
        ("--retry 3 --retry-delay 1 {u}/retry", .same),
        ("-k {u}/insecure", .same),
        ("--http1.1 {u}/http11", .same),
        ("--oauth2-bearer tok3n {u}/oauth", .same),
        ("-r 0-99 {u}/range", .same),
        ("-H 'Range: bytes=100-' {u}/range-header", .same),
        ("-H 'X-Custom: a' -H 'X-Other: b' {u}/custom", .same),
        ("-sSfL --max-redirs 3 {u}/quiet", .same),
        ("--trace-ascii /dev/null {u}/trace", .same),
        ("--no-progress-meter -D - {u}/dump-header", .same),
        ("-# {u}/progress", .same),
        ("--fail-with-body -s {u}/fail-body", .same),
        ("-4 --tcp-nodelay {u}/ipv4", .same),
        ("-L --no-location {u}/no-location", .same),
        ("{u}/a/./b/../c", .same),
        // Bodies: sent as given, joined with `&`, from files.
        ("-d 'foo=\"bar\"' {u}/data-quotes", .same),
        ("-d 'item[]=1&item[]=2' {u}/data-brackets", .same),
        ("-d \"field=don%27t\" {u}/data-percent", .same),
        ("-d a=1 -d b=2 {u}/data-joined", .same),
        ("-d 'a=b+c' {u}/data-plus", .same),
        ("--data 'name=Ada Lovelace' {u}/data-space", .same),
        ("-d 'a=1&b=x%20y' {u}/data-form", .same),
        ("--data-raw '@notafile' {u}/data-raw-at", .same),
        ("--data-binary @{dir}/lines.txt {u}/data-binary-file", .same),
        ("-d @{dir}/lines.txt {u}/data-file", .same),
        ("--data-ascii 'x=1' {u}/data-ascii", .same),
        ("--data-urlencode 'comment=a&b=c' {u}/urlencode", .same),
        ("--data-urlencode '=just text' {u}/urlencode-bare", .same),
        ("--data-urlencode 'name@{dir}/name.txt' {u}/urlencode-file", .same),
        ("--data-urlencode 'plain words' {u}/urlencode-plain", .same),
        ("-d '{\"title\":\"foo\",\"body\":\"bar\",\"userId\":1}' -H 'Content-Type: application/json' {u}/posts", .same),
        ("-H \"Content-Type: application/json\" -d \"{\\\"name\\\":\\\"x\\\"}\" {u}/json-escaped", .same),
        ("--json '{\"a\":1}' {u}/json", .same),
        ("--json @{dir}/body.json {u}/json-file", .same),
        ("-X POST {u}/empty-post", .same),
        ("-X POST -d '' {u}/empty-data", .same),
        ("$'{u}/ansi' --data-raw $'{\"note\":\"it\\'s\",\"tab\":\"a\\\\tb\"}' -H 'content-type: application/json'", .same),
        ("{u}/multiline \\\n  -H 'Accept: */*' \\\n  --data-raw '{\"a\": 1,\n  \"b\": 2}'", .same),
        ("-d 'x=1' -X PUT {u}/data-put", .same),
        ("-H 'Content-Type: text/xml' --data-raw '<a>1</a>' {u}/xml", .same),
        ("-H 'Content-Type: text/plain' -d 'hello world' {u}/plain", .same),
        ("-d 'a=1' -H 'Content-Type: application/x-www-form-urlencoded; charset=UTF-8' {u}/form-charset", .same),
        ("-H 'Content-Type: application/json' -X POST --data-binary @{dir}/body.json {u}/json-binary-file", .same),
        // As browsers copy them.
        ("""
         '{u}/chrome?x=1' \\
           -H 'accept: application/json, text/plain, */*' \\
           -H 'accept-language: en-US,en;q=0.9' \\
           -H 'content-type: application/json' \\
           -H 'origin: https://app.example.com' \\
           -H 'sec-ch-ua: "Chromium";v="124", "Not-A.Brand";v="99"' \\
           -H 'sec-fetch-mode: cors' \\
           --data-raw '{"q":"x"}' \\
           --compressed
         """, .same),
        ("'{u}/firefox' -X POST -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' -H 'Accept: */*' -H 'Accept-Language: en-US,en;q=0.5' -H 'Content-Type: application/json' -H 'Connection: keep-alive' --data-raw '{\"a\":1}'", .same),
        ("'{u}/safari' -X 'PUT' -H 'Content-Type: application/json' -H 'Accept: application/json' --data-binary '{\"title\":\"Pilot\",\"draft\":true}'", .same),
        ("'{u}/chrome-get?page=2' -H 'accept: text/html' -b 'a=1; b=2' -H 'sec-fetch-site: same-origin' --compressed", .same),
        // Multipart, compared part by part (the boundary is each client's own).
        ("-F title=Pilot -F count=3 {u}/multipart", .same),
        ("-F 'photo=@{dir}/photo.png' {u}/multipart-file", .same),
        ("-F 'photo=@{dir}/photo.png;type=image/png' {u}/multipart-typed", .same),
        ("-F 'doc=@{dir}/lines.txt;type=text/plain' -F name=x {u}/multipart-two", .same),
        ("-F 'doc=@{dir}/lines.txt' -F 'data=@{dir}/body.json' {u}/multipart-types", .same),
        ("-F 'a=\"quoted value\"' {u}/multipart-quoted", .same),
        ("--form-string 'b=\"kept\"' {u}/multipart-string", .same),
        ("-F 'semi=\"a;b\"' {u}/multipart-semicolon", .same),
        // Uploads.
        ("-T {dir}/lines.txt {u}/upload/", .differs("a file body is sent with the type its name or content implies; curl -T sends none", showing: "only Workbench: [\"content-type: ")),
        ("-T {dir}/lines.txt {u}/upload/named.txt", .differs("the same Content-Type", showing: "only Workbench: [\"content-type: ")),
        ("--upload-file {dir}/body.json -X POST {u}/upload-post", .differs("the same Content-Type", showing: "only Workbench: [\"content-type: ")),
        ("-T {dir}/lines.txt '{u}/upload-dir/?q=1'", .differs("the same Content-Type", showing: "only Workbench: [\"content-type: ")),
        // Not as curl sends them.
        ("-H 'Accept:' {u}/no-accept", .differs("URLSession sends `Accept: */*` when the request has none", showing: "only Workbench: [\"accept: */*\"]")),
        ("--http2 {u}/http2", .differs("curl asks a plain-HTTP server to upgrade to h2c; URLSession does not", showing: "\"upgrade: h2c\"")),
        // Refused in one line: nothing sent.
        ("--proxy http://127.0.0.1:1 {u}/proxy", .refused),
        // No challenge from this server: neither sends an Authorization (curl answers one only).
        ("--digest -u a:b {u}/digest", .same),
        ("--digest --basic -u a:b {u}/digest-then-basic", .same),
        ("--ntlm -u a:b {u}/ntlm", .refused),
        ("--cacert {dir}/ca.pem {u}/cacert", .refused),
        ("-E {dir}/cert.pem {u}/cert", .refused),
        ("-K {dir}/config {u}/config", .refused),
        ("--unix-socket /nonexistent.sock {u}/unix", .refused),
    ]

    @Test func aPastedCurlCommandSendsWhatCurlSends() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dir = folder.url.path
        try "first line\nsecond line\n".write(toFile: "\(dir)/lines.txt", atomically: true, encoding: .utf8)
        try "Ada Lovelace & co\n".write(toFile: "\(dir)/name.txt", atomically: true, encoding: .utf8)
        try "{\"title\": \"from a file\",\n \"n\": 2}\n".write(toFile: "\(dir)/body.json", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]).write(to: folder.url.appendingPathComponent("photo.png"))
        // Sent where domain and path match: the longer path first, as both order them; not the other host's.
        try """
            127.0.0.1\tFALSE\t/\tFALSE\t0\ttheme\tdark
            127.0.0.1\tFALSE\t/c\(Self.cases.firstIndex { $0.command.contains("cookie-file") } ?? 0)/cookie-file\tFALSE\t0\tdeep\t1
            example.com\tFALSE\t/\tFALSE\t0\tforeign\t2

            """.write(toFile: "\(dir)/cookies.txt", atomically: true, encoding: .utf8)
        let curlServer = try RecordingServer()
        let ourServer = try RecordingServer()
        let console = Console(capturingWithColors: false)
        #expect(Self.cases.count >= 80)
        var differences: [String] = []
        var counts: [String: Int] = [:]
        for (number, row) in Self.cases.enumerated() {
            let command = { (server: RecordingServer) in
                row.command.replacingOccurrences(of: "{u}", with: "\(server.url)/c\(number)").replacingOccurrences(of: "{dir}", with: dir)
                    .replacingOccurrences(of: "{jar}", with: "\(dir)/jar-\(server === ourServer ? "workbench" : "curl").txt")
            }
            console.clearCaptured()
            let before = ourServer.requests.count
            // A session of its own: what one command sets (-m, -L, a cookie file's cookies) stays in its session.
            let session = Session(console: console, isInteractive: false)
            let sent = await session.evaluate("curl " + command(ourServer))
            let said = console.capturedText.split(separator: "\n").map(String.init)
            if row.expected == .refused {
                counts["refused", default: 0] += 1
                #expect(!sent && ourServer.requests.count == before && said.count == 1 && said.first?.hasPrefix("error: curl: ") == true,
                        "\(row.command): \(said)")
                continue
            }
            #expect(sent, "\(row.command): \(said)")
            try Self.runCurl(command(curlServer))
            let theirs = curlServer.requests.filter { $0.target.hasPrefix("/c\(number)/") || $0.target.hasPrefix("/c\(number)?") }
            let ours = ourServer.requests.filter { $0.target.hasPrefix("/c\(number)/") || $0.target.hasPrefix("/c\(number)?") }
            guard theirs.count == 1, ours.count == 1 else {
                Issue.record("\(row.command): curl sent \(theirs.count) requests, Workbench \(ours.count)")
                continue
            }
            let found = Self.differences(curl: theirs[0], ours: ours[0])
            switch row.expected {
            case .same:
                counts["same", default: 0] += 1
                if !found.isEmpty { differences.append("\(row.command)\n    " + found.joined(separator: "\n    ")) }
            case .differs(let why, let showing):
                counts["differs", default: 0] += 1
                #expect(!found.isEmpty, "\(row.command) was said to differ (\(why)) and is now the same: mark it .same")
                #expect(found.count == 1 && found[0].contains(showing), "\(row.command) (\(why)): \(found)")
            case .refused: break
            }
        }
        #expect(differences.isEmpty, "\(differences.count) commands sent otherwise than curl:\n\(differences.joined(separator: "\n"))")
        // -c FILE: the same cookies written as curl's own -c writes them (its comment lines aside).
        let cookieLines = { (file: String) in
            try String(contentsOfFile: "\(dir)/jar-\(file).txt", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("# ") }.sorted()
        }
        let (ours, theirs) = (try cookieLines("workbench"), try cookieLines("curl"))
        #expect(ours == theirs && theirs.count == 3, "\(ours) against curl's \(theirs)")
        #expect(counts["same", default: 0] + counts["differs", default: 0] + counts["refused", default: 0] == Self.cases.count, "\(counts)")
    }

    /// `curl ARGS` run by bash, as a terminal would run the pasted command; its output is dropped.
    static func runCurl(_ arguments: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "curl " + arguments]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    /// What differs between two requests, in words; empty when they are the same. The transport's
    /// own headers are left out where curl sends none (URLSession's Accept-Encoding, Accept-Language,
    /// Connection, and a Content-Length of 0), as are User-Agent unless the command set it and Host
    /// (each server's own address).
    static func differences(curl: RecordingServer.Request, ours: RecordingServer.Request) -> [String] {
        var found: [String] = []
        if curl.method != ours.method { found.append("method: curl \(curl.method), Workbench \(ours.method)") }
        if curl.target != ours.target { found.append("target: curl \(curl.target), Workbench \(ours.target)") }
        let multipart = curl.header("Content-Type")?.hasPrefix("multipart/form-data") == true
        func comparable(_ request: RecordingServer.Request) -> [String] {
            request.headers.compactMap { header in
                let name = header.name.lowercased()
                // Each server's own address.
                if name == "connection" || name == "expect" || name == "host" { return nil }
                if name == "user-agent", curl.header("User-Agent")?.hasPrefix("curl/") == true { return nil }
                if ["accept-encoding", "accept-language"].contains(name), curl.header(name) == nil { return nil }
                if name == "content-length", curl.header(name) == nil, header.value == "0" { return nil }
                if multipart, name == "content-length" { return nil }
                if multipart, name == "content-type" { return "content-type: multipart/form-data" }
                return "\(name): \(header.value)"
            }.sorted()
        }
        let (theirs, mine) = (comparable(curl), comparable(ours))
        if theirs != mine {
            found.append("headers only curl sent: \(theirs.filter { !mine.contains($0) }); only Workbench: \(mine.filter { !theirs.contains($0) })")
        }
        if multipart {
            let (theirParts, myParts) = (parts(of: curl), parts(of: ours))
            if theirParts != myParts { found.append("multipart parts: curl \(theirParts), Workbench \(myParts)") }
        } else if curl.body != ours.body {
            found.append("body: curl \(String(decoding: curl.body, as: UTF8.self).debugDescription), Workbench \(String(decoding: ours.body, as: UTF8.self).debugDescription)")
        }
        return found
    }

    /// A multipart body's parts, each its header lines (sorted) and its content, without the boundary.
    static func parts(of request: RecordingServer.Request) -> [String] {
        guard let type = request.header("Content-Type"), let range = type.range(of: "boundary=") else { return ["no boundary"] }
        let boundary = "--" + type[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let text = String(decoding: request.body, as: UTF8.self)
        return text.components(separatedBy: boundary).dropFirst().dropLast().map { part in
            let pieces = part.components(separatedBy: "\r\n\r\n")
            let head = pieces[0].split(separator: "\r\n").map { $0.lowercased() }.sorted().joined(separator: "; ")
            return head + " | " + pieces.dropFirst().joined(separator: "\r\n\r\n").debugDescription
        }
    }
}
