import Foundation
import Testing
import SandboxTestSupport
import TestSupport
import WorkbenchKit
@testable import REPL

/// `curl --digest -u USER:PASSWORD`: the sandbox's httpbin challenges (RFC 7616), the real `curl`
/// answers it, and the same command pasted at Workbench gets the same answer; a wrong password
/// leaves the 401, a challenge in an algorithm Workbench does not compute is one line, and the
/// password is never written into a saved snippet.
@MainActor
@Suite struct CurlDigestTests {
    @Test func workbenchAnswersTheChallengesCurlAnswers() async throws {
        let console = Console(capturingWithColors: false)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let base = root.absoluteString.hasSuffix("/") ? root.absoluteString : root.absoluteString + "/"
            let cases = [("auth/ada/s3cr3t", "ada:s3cr3t"), ("auth-int/ada/s3cr3t/SHA-256", "ada:s3cr3t"), ("auth/ada/s3cr3t/MD5", "ada:wrong"),
                         ("both/bob/p%40ss", "bob:p@ss")]
            for (path, user) in cases {
                let url = "\(base)httpbin/digest-auth/\(path)"
                let curl = try Self.curl("--digest -u '\(user)' '\(url)'")
                let session = Session(console: console, isInteractive: false)
                session.sandboxURL = root
                console.clearCaptured()
                #expect(await session.evaluate("curl --digest -u '\(user)' '\(url)'"), "\(console.capturedText)")
                let exchange = try #require(session.workbench.exchanges.last)
                #expect(exchange.response.statusCode == curl.status, "\(path) \(user): \(console.capturedText)")
                #expect(String(decoding: exchange.response.body, as: UTF8.self) == curl.body, "\(path)")
                // One exchange in the history, its Authorization the answer sent.
                #expect(session.workbench.exchanges.count == 1)
                #expect(exchange.requestHeaders["Authorization"]?.hasPrefix("Digest username=\"\(user.prefix { $0 != ":" })\"") == true)
            }
            #expect(try Self.curl("--digest -u ada:s3cr3t '\(base)httpbin/digest-auth/auth/ada/s3cr3t'").status == 200)
            // HEAD is hashed as HEAD, as curl -I sends it.
            #expect(try Self.curl("-I --digest -u ada:s3cr3t '\(base)httpbin/digest-auth/auth/ada/s3cr3t'").status == 200)
            // `curl` alone prints a command that answers the challenge again.
            let again = Session(console: console, isInteractive: false)
            again.sandboxURL = root
            #expect(await again.evaluate("curl --digest -u ada:s3cr3t \(base)httpbin/digest-auth/auth/ada/s3cr3t"))
            console.clearCaptured()
            #expect(await again.evaluate("curl"))
            #expect(console.capturedText == "curl \(base)httpbin/digest-auth/auth/ada/s3cr3t --digest -u ada:s3cr3t\n", "\(console.capturedText)")

            // A server asking for an algorithm Workbench does not compute: the 401 stands, with one line.
            let server = try ScriptedServer(.bytes(Array(("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Digest realm=\"r\", nonce=\"n\", "
                                                         + "algorithm=SHA-512-256, qop=\"auth\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").utf8)))
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            console.clearCaptured()
            #expect(await session.evaluate("curl --digest -u ada:s3cr3t \(server.url)x"))
            #expect(console.capturedText.hasPrefix("note: the server's Digest challenge asks for algorithm SHA-512-256, and Workbench answers "
                                                   + "MD5 and SHA-256 (and their -sess forms); the 401 stands\nHTTP 401 Unauthorized"), "\(console.capturedText)")

            // Saved: the password is an environment read, and the replay with it set is answered again.
            console.clearCaptured()
            #expect(await session.evaluate("curl --digest -u ada:s3cr3t \(base)httpbin/digest-auth/auth/ada/s3cr3t"))
            #expect(await session.evaluate("save digest --dir \(folder.url.path)"), "\(console.capturedText)")
            let saved = try String(contentsOf: folder.url.appendingPathComponent("digest.swift"), encoding: .utf8)
            #expect(saved.contains("wb.digestAuth(\"ada\", password: ProcessInfo.processInfo.environment[\"DIGEST_PASSWORD\"] ?? \"\")"), "\(saved)")
            #expect(!saved.contains("password: \"s3cr3t\""))
        }
    }

    /// curl adds `--basic` to `--digest` (either order): the first request carries no credentials,
    /// and the Digest challenge is answered.
    @Test func digestBesideBasicStillAnswersTheChallenge() throws {
        for line in ["--digest --basic -u a:b http://h/x", "-u a:b --basic --digest http://h/x"] {
            let statements = try CurlLine.parse(ShellWords.split(line)).statements()
            #expect(statements.contains(.digestAuth("a", password: "b")) && !statements.contains { if case .header("Authorization", _) = $0 { true } else { false } })
        }
        #expect(try CurlLine.parse(ShellWords.split("--basic -u a:b http://h/x")).statements().contains(.header("Authorization", "Basic YTpi")))
        #expect(try CurlLine.parse(ShellWords.split("--digest --no-digest -u a:b http://h/x")).statements().contains(.header("Authorization", "Basic YTpi")))
        // Two -u: the last one answers, and neither is sent as Basic.
        let twice = try CurlLine.parse(ShellWords.split("-u x:y --digest -u a:b http://h/x")).statements()
        #expect(twice.contains(.digestAuth("a", password: "b")) && !twice.contains { if case .header("Authorization", _) = $0 { true } else { false } })
        // A header given wins over -u, as in curl.
        let given = try CurlLine.parse(ShellWords.split("-u a:b -H 'Authorization: Bearer t' http://h/x")).statements()
        #expect(given.filter { if case .header("Authorization", _) = $0 { true } else { false } } == [.header("Authorization", "Bearer t")])
    }

    /// An `.http` file's `Authorization: Digest USER PASSWORD` answers the challenge; `Basic USER
    /// PASSWORD` and `Basic USER:PASSWORD` are encoded; an encoded Basic value and other headers stay.
    @Test func anHTTPFilesCredentialsAreReadAsBothClientsWriteThem() {
        #expect(HTTPFileSession.authorization("Authorization", "Digest ada s3cr3t") == .digestAuth("ada", password: "s3cr3t"))
        #expect(HTTPFileSession.authorization("authorization", "Basic ada s3cr3t") == .header("Authorization", "Basic YWRhOnMzY3IzdA=="))
        #expect(HTTPFileSession.authorization("Authorization", "Basic ada:s3cr3t") == .header("Authorization", "Basic YWRhOnMzY3IzdA=="))
        #expect(HTTPFileSession.authorization("Authorization", "Basic YWRhOnMzY3IzdA==") == nil)
        #expect(HTTPFileSession.authorization("Authorization", "Bearer t") == nil)
        #expect(HTTPFileSession.authorization("X-Note", "Digest a b") == nil)
    }

    /// `curl ARGS` by bash: its status and body (`-w` after the body, on its own line).
    static func curl(_ arguments: String) throws -> (status: Int, body: String) {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "curl -s -w '\\n%{http_code}' " + arguments]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        let status = Int(text.split(separator: "\n").last ?? "") ?? 0
        text = String(text[..<(text.lastIndex(of: "\n") ?? text.endIndex)])
        return (status, text)
    }
}

/// A session with Digest credentials: a redirect before the challenge, a password typed as Swift
/// kept out of the handouts (Tests/EndToEndTests/DigestHostTests.swift: through the Swift host).
@MainActor
@Suite struct CurlDigestSessionTests {
    @Test func theCredentialsStayForLaterSendsAndARedirect() async throws {
        let console = Console(capturingWithColors: false)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let base = root.absoluteString.hasSuffix("/") ? root.absoluteString : root.absoluteString + "/"
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            #expect(await session.evaluate("curl --digest -u ada:s3cr3t \(base)httpbin/digest-auth/auth/ada/s3cr3t"))
            #expect(await session.evaluate("send"))
            #expect(session.workbench.exchanges.last?.response.statusCode == 200, "\(console.capturedText)")
            #expect(await session.evaluate("try await wb.send()"), "\(console.capturedText)")
            #expect(session.workbench.exchanges.last?.response.statusCode == 200, "\(console.capturedText)")

            // Redirected first, then challenged: answered where the 401 came from, as curl -L does.
            let redirect = "\(base)httpbin/redirect-to?url=/httpbin/digest-auth/auth/ada/s3cr3t"
            let curl = try CurlDigestTests.curl("-L --digest -u ada:s3cr3t '\(redirect)'")
            #expect(await session.evaluate("curl -L --digest -u ada:s3cr3t '\(redirect)'"), "\(console.capturedText)")
            #expect(curl.status == 200 && session.workbench.exchanges.last?.response.statusCode == 200, "\(console.capturedText)")

            // Another origin (the same server named otherwise) is not answered: by a later request,
            // nor where a redirect led, which curl -L does not answer either.
            let elsewhere = base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            #expect(elsewhere != base)
            console.clearCaptured()
            #expect(await session.evaluate("get \(elsewhere)httpbin/digest-auth/auth/ada/s3cr3t"))
            #expect(session.workbench.exchanges.last?.response.statusCode == 401)
            let origin = { (url: String) in String(url.dropLast()) }
            #expect(console.capturedText.hasPrefix("note: the Digest credentials are for \(origin(base)), not sent to \(origin(elsewhere)); "
                                                   + "the 401 stands\nHTTP 401"), "\(console.capturedText)")
            let away = "\(base)httpbin/redirect-to?url=\(elsewhere)httpbin/digest-auth/auth/ada/s3cr3t"
            console.clearCaptured()
            #expect(await session.evaluate("curl -L --digest -u ada:s3cr3t '\(away)'"))
            #expect(try CurlDigestTests.curl("-L --digest -u ada:s3cr3t '\(away)'").status == 401)
            #expect(session.workbench.exchanges.last?.response.statusCode == 401)
            #expect(console.capturedText.hasPrefix("note: the Digest credentials are for \(origin(base)), not sent to \(origin(elsewhere)), "
                                                   + "where a redirect led; the 401 stands\nHTTP 401"), "\(console.capturedText)")

            // Given in Swift while the request still holds another host's URL: they are for the
            // first request sent with them.
            let swift = Session(console: console, isInteractive: false)
            swift.sandboxURL = root
            #expect(await swift.evaluate("get \(elsewhere)httpbin/get"))
            #expect(await swift.evaluate(#"wb.digestAuth("ada", password: "s3cr3t")"#))
            #expect(await swift.evaluate("get \(base)httpbin/digest-auth/auth/ada/s3cr3t"))
            #expect(swift.workbench.exchanges.last?.response.statusCode == 200, "\(console.capturedText)")

            // Streamed (-N), only the answer's body shows as it arrives, not the challenge's.
            console.clearCaptured()
            #expect(await session.evaluate("curl -N --digest -u ada:s3cr3t \(base)httpbin/digest-auth/auth/ada/s3cr3t"))
            #expect(session.workbench.exchanges.last?.response.statusCode == 200)
            let streamed = console.capturedText
            #expect(streamed.contains("HTTP 200") && !streamed.contains("401") && streamed.components(separatedBy: "\"authenticated\"").count == 2,
                    "\(streamed)")

            // `export http` writes the credentials that answer the challenge again, as REST Client and
            // JetBrains write them (the answer itself holds a nonce); such a file is answered here.
            #expect(await session.evaluate("curl --digest -u ada:s3cr3t \(base)httpbin/digest-auth/auth/ada/s3cr3t"))
            #expect(await session.evaluate("export http digest --dir \(folder.url.path)"), "\(console.capturedText)")
            let exported = try String(contentsOf: folder.url.appendingPathComponent("digest.http"), encoding: .utf8)
            #expect(exported.hasSuffix("GET sandbox/httpbin/digest-auth/auth/ada/s3cr3t\nAuthorization: Digest ada {{$processEnv DIGEST_PASSWORD}}\n"),
                    "\(exported)")
            let written = folder.url.appendingPathComponent("written.http")
            try "GET \(base)httpbin/digest-auth/auth/ada/s3cr3t\nAuthorization: Digest ada s3cr3t\n".write(to: written, atomically: true, encoding: .utf8)
            let reader = Session(console: console, isInteractive: false)
            reader.sandboxURL = root
            #expect(await reader.evaluate("open \(written.path)"))
            #expect(await reader.evaluate("send 1"), "\(console.capturedText)")
            #expect(reader.workbench.exchanges.last?.response.statusCode == 200, "\(console.capturedText)")

            // Typed as Swift and never sent as it is: still masked in the handouts.
            #expect(await session.evaluate(#"wb.digestAuth("ada", password: "typed-s3cr3t")"#))
            #expect(await session.evaluate("export markdown lesson --dir \(folder.url.path)"), "\(console.capturedText)")
            #expect(await session.evaluate("export notebook lesson --dir \(folder.url.path)"), "\(console.capturedText)")
            for file in ["lesson.md", "lesson.ipynb"] {
                let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("typed-s3cr3t") && text.contains("digestAuth"), "\(file): \(text)")
            }
        }
    }
}
