import Foundation
import LineEditor
@testable import REPL
import Testing
import WorkbenchKit

/// `curl ARGS…` read as a shell and curl read them, without sending: words, options, statements.
@MainActor
@Suite struct CurlLineTests {
    static func line(_ error: any Error) -> String {
        "error: " + ((error as? UsageError)?.description ?? "\(error)")
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CurlLine.parse(ShellWords.split(arguments)).statements()
    }

    @Test(arguments: [
        (#"'it'\''s' "a \"b\" \$c \\ d" plain\ word"#, [#"it's"#, #"a "b" $c \ d"#, "plain word"]),
        (#"$'line\none\ttab \'q\' \x41\101\u00e9'"#, ["line\none\ttab 'q' AA\u{e9}"]),
        ("a \\\n  b\\\r\n c", ["a", "b", "c"]),
        (#"-H'x: y'z "" ''"#, ["-Hx: yz", "", ""]),
        (#"'$HOME' `x`"#, ["$HOME", "`x`"]),
    ])
    func wordsAreReadAsAShellReadsThem(text: String, words: [String]) throws {
        #expect(try ShellWords.split(text) == words)
    }

    @Test(arguments: [
        ("'open", "error: curl: a ' quote is not closed"),
        (#"$'open \'"#, "error: curl: a ' quote is not closed"),
        (#""open \""#, "error: curl: a \" quote is not closed"),
        ("https://x | jq .", "error: curl: '|' is shell syntax (a pipe, a redirection or a second command): Workbench reads one curl command — quote it if it is part of a word"),
    ])
    func malformedWordsAreOneError(text: String, message: String) {
        #expect(throws: UsageError.self) { try ShellWords.split(text) }
        #expect((try? ShellWords.split(text)) == nil)
        do { _ = try ShellWords.split(text) } catch { #expect(Self.line(error) == message) }
    }

    @Test(arguments: [
        ("curl 'https://x/a' \\", InputCompleteness.incomplete),
        ("curl 'https://x/a' \\\n  -H 'Accept: */*' \\", .incomplete),
        ("curl 'https://x/a' \\\n  -H 'Accept: */*'", .complete),
        ("curl https://x/a --data-raw '{\"a\":\n", .incomplete),
        ("curl https://x/a --data-raw $'{\\'a", .incomplete),
        ("curl https://x/a 'b\\'", .complete),
        ("curl", .complete),
        ("header X: a \\", .complete),
    ])
    func aCurlLineGoesOnAfterABackslashOrAnOpenQuote(text: String, completeness: InputCompleteness) {
        #expect(ContinuationRules(commands: .standard).completeness(of: text) == completeness)
    }

    @Test func optionsCombineAndTakeTheirValuesJoinedOrApart() throws {
        let line = try CurlLine.parse(ShellWords.split(#"-sSL -XPOST -HAccept:text/plain -H 'X-A:  b ' --url https://x/y -d a=1 -d b=2"#))
        #expect(line.method == "POST" && line.followRedirects && line.url == "https://x/y")
        #expect(line.headers.map(\.name) == ["Accept", "X-A"] && line.headers.map(\.value) == ["text/plain", "b"])
        #expect(line.joinedData == "a=1&b=2")
        #expect(try statements(#"-sSL -XPOST -HAccept:text/plain https://x/y -d a=1 -d 'b=x y'"#) == [
            .reset, .url("https://x/y"), .method("POST"), .header("Accept", "text/plain"),
            .header("Content-Type", "application/x-www-form-urlencoded"), .bodyText("a=1&b=x y"), .followRedirects(true), .send(stream: false),
        ])
        // A form whose own encoding writes it back byte for byte is a form; any other is sent as written, as curl sends it.
        #expect(try statements("https://x -d 'a=1&b=x%20y'").contains(.form([.init("a", "1"), .init("b", "x y")])))
        for data in [#"foo="bar""#, "item[]=1&item[]=2", "field=don%27t", "a=b+c"] {
            #expect(try statements("https://x --data '\(data)'").contains(.bodyText(data)), "\(data)")
        }
    }

    @Test func authCookiesAgentRefererAndGetMakeHeadersAndQuery() throws {
        #expect(try statements("-G https://x/s -u ada:s3cr3t -b 'a=1; b=2' -A wb/1 -e https://r/ -d q=swift --data-urlencode 'n=a b&c'") == [
            .reset, .url("https://x/s?q=swift&n=a+b%26c"), .header("Authorization", "Basic YWRhOnMzY3IzdA=="),
            .header("User-Agent", "wb/1"), .header("Referer", "https://r/"), .header("Cookie", "a=1; b=2"), .send(stream: false),
        ])
        #expect(try statements("-I example.com/a") == [.reset, .url("http://example.com/a"), .method("HEAD"), .send(stream: false)])
    }

    @Test func theBodyIsJSONAFormAFileOrTheTextAsItIs() throws {
        #expect(try statements(#"https://x --json '{"a": 1}'"#) == [
            .reset, .url("https://x"), .method("POST"), .header("Content-Type", "application/json"),
            .header("Accept", "application/json"), .bodyJSON(#"{"a": 1}"#), .send(stream: false),
        ])
        // Without a JSON Content-Type curl sends JSON-looking text as a form's type: so does Workbench.
        #expect(try statements(#"https://x -d '{"a": 1}'"#) == [
            .reset, .url("https://x"), .method("POST"), .header("Content-Type", "application/x-www-form-urlencoded"),
            .bodyText(#"{"a": 1}"#), .send(stream: false),
        ])
        #expect(try statements("https://x -X PUT -H 'Content-Type: text/xml' --data-raw '<a>1</a>'") == [
            .reset, .url("https://x"), .method("PUT"), .header("Content-Type", "text/xml"), .bodyText("<a>1</a>"), .send(stream: false),
        ])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-data-\(UUID().uuidString).txt")
        try "a=1\nb=2\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try statements("https://x --data-binary @\(file.path)") == [
            .reset, .url("https://x"), .method("POST"), .header("Content-Type", "application/x-www-form-urlencoded"), .bodyFile(file.path), .send(stream: false),
        ])
        // `-d @FILE` drops the file's line breaks, as curl does.
        #expect(try statements("https://x -d @\(file.path)").contains(.bodyText("a=1b=2")))
    }

    /// Options that change only what curl prints, paces or checks are taken and change nothing;
    /// those that shape the request do so.
    @Test func everyOptionCurlHasIsTakenOrSaysWhyNot() throws {
        #expect(try statements("-sS --fail-with-body --trace-ascii t.log -o out.json --connect-timeout 3 --retry 2 --http2 --compressed -w '%{http_code}' https://x")
                == [.reset, .url("https://x"), .send(stream: false), .saveBody("out.json")])
        #expect(try statements("-L --no-location https://x") == [.reset, .url("https://x"), .send(stream: false)])
        #expect(try statements("https://x/s?a=1 --url-query 'q=a b&c' --url-query '+raw=%41' -r 0-99 --oauth2-bearer t0k -m 2.5") == [
            .reset, .url("https://x/s?a=1&q=a+b%26c&raw=%41"), .header("Range", "bytes=0-99"), .header("Authorization", "Bearer t0k"),
            .timeout(2.5), .send(stream: false),
        ])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-upload-\(UUID().uuidString).txt")
        try "hello\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try statements("-T \(file.path) https://x/up/") == [
            .reset, .url("https://x/up/" + file.lastPathComponent), .method("PUT"), .bodyFile(file.path), .send(stream: false),
        ])
        // Without a path, or with one ending in `/`, the URL gets the file's name, before its query.
        #expect(CurlLine.uploadURL("https://x", file: "/tmp/a b.txt") == "https://x/a%20b.txt")
        #expect(CurlLine.uploadURL("https://x/dir/?q=1", file: "notes.txt") == "https://x/dir/notes.txt?q=1")
        #expect(CurlLine.uploadURL("https://x/name.txt", file: "notes.txt") == "https://x/name.txt")
        // A quoted -F value loses its quotes, as curl's manual says; --form-string keeps them.
        #expect(try statements(#"https://x -F 'a="b;c \"d\""' --form-string 'e="f"'"#).contains(.multipart([.init("a", #"b;c "d""#), .init("e", #""f""#)])))
        for option in CurlOptions.noEffect where option.hasPrefix("--") {
            let line = CurlOptions.valued.contains(option) ? "\(option) 1 https://x" : "\(option) https://x"
            #expect(try statements(line) == [.reset, .url("https://x"), .send(stream: false)], "\(option)")
        }
    }

    /// `-F` is a multipart body; a multipart Content-Type given with it would name another boundary.
    @Test func formFieldsAreAMultipartBody() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-photo-\(UUID().uuidString).png")
        try Data([0x89, 0x50]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try statements("https://x -H 'Content-Type: multipart/form-data; boundary=zz' -F title=Hi -F 'photo=@\(file.path);type=image/png' --form-string 'n=a;b'") == [
            .reset, .url("https://x"), .method("POST"),
            .multipart([.init("title", "Hi"), .init("photo", "@\(file.path);type=image/png"), .init("n", "a;b")]), .send(stream: false),
        ])
    }

    @Test(arguments: [
        ("--proxy http://p:8080 https://x", "error: curl: --proxy: a proxy is not taken here: Workbench connects to the server itself"),
        ("-x http://p:8080 https://x", "error: curl: -x: a proxy is not taken here: Workbench connects to the server itself"),
        ("-sS --ntlm -u a:b https://x", "error: curl: --ntlm: only Basic and Digest authentication are taken here (-u user:password, with --digest); this scheme answers the server's challenge"),
        ("--frobnicate https://x", "error: curl: --frobnicate is not an option of curl's"),
        ("-sSW https://x", "error: curl: -W is not an option of curl's"),
        ("-m soon https://x", "error: curl: -m 'soon' is not a number of seconds"),
        ("-F 'a=<notes.txt' https://x", "error: curl: -F 'a=<notes.txt': '<FILE' is not taken here — write name=@FILE for a file"),
        ("--form-string 'a=@x' https://x", "error: curl: --form-string 'a=@x': a value starting with '@' is read as a file here — it cannot be sent as text"),
        ("-F a https://x", "error: curl: -F 'a' is not name=value"),
        ("-F a=1 -d b=2 https://x", "error: curl: -F (multipart) and -d (data) are two bodies — curl takes one of them"),
        ("-H @headers.txt https://x", "error: curl: -H @FILE (headers read from a file) is not taken here — write each -H 'Name: value'"),
        ("-H 'Accept' https://x", "error: curl: header 'Accept' has no ':' — write -H 'Name: value'"),
        ("https://x https://y", "error: curl: one URL at a time — got 'https://x' and 'https://y'"),
        ("-H 'Accept: */*'", "error: curl: no URL — `curl URL [options]`, or `curl` alone to print the current request"),
        ("https://x -X", "error: curl: -X needs a value"),
        ("-u ada https://x", "error: curl: -u 'ada' has no password — curl would ask for one; write -u user:password"),
        ("-I https://x -d a=1", "error: curl: -I sends a HEAD request, which has no body — drop the data or -I"),
    ])
    func whatIsNotTakenIsOneLine(arguments: String, message: String) {
        do {
            _ = try statements(arguments)
            Issue.record("\(arguments) was taken")
        } catch {
            #expect(Self.line(error) == message)
        }
    }

    @Test func exportCurlTakesNoArguments() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("export curl https://x") == false)
        #expect(console.capturedText == "error: export curl takes no arguments, got 'https://x' — `curl URL …` alone sends a curl command\n")
    }
}
