import Foundation
import SandboxTestSupport
import TestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `swift`: the request and the last decode as a Foundation-only program. A sandbox URL is written
/// as the real service's (the sandbox's port is this run's). The program is compiled with `swiftc`
/// and run against the same sandbox, pointed there by one substitution of the real service's URL
/// (`againstTheSandbox`), and prints what `decode` printed.
@MainActor
@Suite struct SwiftExportTests {
    let console = Console(capturingWithColors: false)

    func evaluate(_ lines: [String], in session: Session) async {
        for line in lines {
            #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
        }
    }

    func withSession(_ body: @MainActor (Session) async throws -> Void) async throws {
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            try await body(session)
        }
    }

    /// What `line` prints.
    func output(of line: String, in session: Session) async -> String {
        console.clearCaptured()
        await evaluate([line], in: session)
        return console.capturedText
    }

    /// The program with the real service's URL `real` replaced by the sandbox's prefix that stands
    /// in for it, so that it runs here without the network; the rest is compiled as written.
    func againstTheSandbox(_ program: String, real: String, prefix: String, in session: Session) throws -> String {
        let root = try #require(session.sandboxURL).absoluteString
        #expect(program.contains("\"\(real)/"), "\(program)")
        return program.replacingOccurrences(of: "\"\(real)/", with: "\"\(root)\(prefix)/")
    }

    /// The value a decode printed, without its summary line (`[Post] · 2 values`).
    func decodedValue(_ line: String, in session: Session) async -> String {
        await output(of: line, in: session).split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
    }

    @Test func theProgramPrintsWhatDecodePrinted() async throws {
        try await withSession { session in
            await evaluate([
                "base sandbox/jsonplaceholder", "get /posts userId==1 id==3",
                "struct Post: Codable {\n  let userId: Int\n  let id: Int\n  let title: String\n}",
            ], in: session)
            let decoded = await decodedValue("let posts = decode [Post]", in: session)
            // The request the decode read is exported, whatever the request being built is now.
            await evaluate(["reset", "path /users"], in: session)
            let program = await output(of: "swift", in: session)
            #expect(program == """
                \(Self.imports)

                struct Post: Codable {
                  let userId: Int
                  let id: Int
                  let title: String
                }

                var components = URLComponents(string: "https://jsonplaceholder.typicode.com/posts")!
                components.queryItems = [
                    URLQueryItem(name: "userId", value: "1"),
                    URLQueryItem(name: "id", value: "3"),
                ]
                let url = components.url!

                let request = URLRequest(url: url)

                \(Self.send)

                let decoder = JSONDecoder()
                let posts = try decoder.decode([Post].self, from: data)
                print(posts)

                """, "\(program)")

            let run = try await LibrarySource.run(
                try againstTheSandbox(program, real: "https://jsonplaceholder.typicode.com", prefix: "/jsonplaceholder", in: session))
            #expect(run.status == 0, "\(run.errorOutput)\n\(program)")
            #expect(run.output == decoded)
        }
    }

    /// The imports every program starts with.
    static let imports = """
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking  // URLSession on Linux
        #endif
        """

    /// How every program sends its request and checks the status.
    static let send = """
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
        """

    /// The program for a request without a decode, whose URL is declared by `url`: it prints the body.
    static func printingTheBody(_ url: String) -> String {
        """
        \(imports)

        \(url)

        let request = URLRequest(url: url)

        \(send)
        print(String(decoding: data, as: UTF8.self))

        """
    }

    /// Strategies, a path into the document, and a secret header read from the environment.
    @Test func strategiesPathsAndSecretsCarryOver() async throws {
        try await withSession { session in
            await evaluate([
                "base sandbox/httpbin", "header Authorization: Bearer s3cr3t", "header Accept: application/json",
                "post /anything user_name=ada",
                "struct Sent: Codable {\n  let userName: String\n}",
            ], in: session)
            let decoded = await decodedValue("decode Sent --keys snake --at json", in: session)
            let program = await output(of: "swift", in: session)
            // The secret is read from the environment, never written.
            #expect(program == #"""
                \#(Self.imports)

                struct Sent: Codable {
                  let userName: String
                }

                let url = URL(string: "https://httpbin.org/anything")!

                var request = URLRequest(url: url)
                request.httpMethod = "POST"
                request.setValue(ProcessInfo.processInfo.environment["AUTHORIZATION"] ?? "", forHTTPHeaderField: "Authorization")
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data("{\"user_name\":\"ada\"}".utf8)

                \#(Self.send)

                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                var value = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
                value = (value as! [String: Any])["json"]!
                let json = try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)
                let sent = try decoder.decode(Sent.self, from: json)
                print(sent)

                """#, "\(program)")

            let run = try await LibrarySource.run(try againstTheSandbox(program, real: "https://httpbin.org", prefix: "/httpbin", in: session),
                                                    environment: ["AUTHORIZATION": "Bearer s3cr3t"])
            #expect(run.status == 0, "\(run.errorOutput)\n\(program)")
            #expect(run.output == decoded)
        }
    }

    @Test func withoutADecodeTheBodyIsPrinted() async throws {
        try await withSession { session in
            await evaluate(["base sandbox/jokes", "path /jokes/1"], in: session)
            let program = await output(of: "swift", in: session)
            #expect(program == Self.printingTheBody(#"let url = URL(string: "https://official-joke-api.appspot.com/jokes/1")!"#), "\(program)")
        }
    }

    /// Every API of the sandbox is written as its real service, from a `base` or a whole URL and
    /// offline too (where the URL typed is the real one already).
    @Test func sandboxURLsAreWrittenAsTheRealServices() async throws {
        try await withSession { session in
            let cases = [
                ("get sandbox/restcountries/v2/alpha/col", #"let url = URL(string: "https://restcountries.com/v2/alpha/col")!"#),
                ("get sandbox/restcountries/v3.1/name/peru?fullText=true", #"""
                    var components = URLComponents(string: "https://restcountries.com/v3.1/name/peru")!
                    components.queryItems = [
                        URLQueryItem(name: "fullText", value: "true"),
                    ]
                    let url = components.url!
                    """#),
                ("get sandbox/met/public/collection/v1/objects/436524",
                 #"let url = URL(string: "https://collectionapi.metmuseum.org/public/collection/v1/objects/436524")!"#),
                ("get sandbox/httpbin/status/418", #"let url = URL(string: "https://httpbin.org/status/418")!"#),
                ("get https://jsonplaceholder.typicode.com/users/1", #"let url = URL(string: "https://jsonplaceholder.typicode.com/users/1")!"#),
            ]
            session.offline = true
            for (line, url) in cases {
                await evaluate([line], in: session)
                let program = await output(of: "export swift", in: session)
                #expect(program == Self.printingTheBody(url), "\(line)\n\(program)")
            }
        }
    }

    /// `export playground` puts what `export swift` writes on its page: the real host there too.
    @Test func thePlaygroundsPageHasTheRealHostToo() async throws {
        try await withSession { session in
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            await evaluate(["get sandbox/jokes/jokes/1", "export playground Joke --dir \(folder.url.path)"], in: session)
            let page = try String(contentsOf: folder.url.appendingPathComponent("Joke.playground/Pages/Joke.xcplaygroundpage/Contents.swift"),
                                  encoding: .utf8)
            // The description names the Foundation types the code uses: no URLComponents or JSONDecoder here.
            #expect(page == """
                //: # Joke
                //:
                //: A request explored in Workbench, as Foundation-only code: `URLRequest` and `URLSession`.
                \(Self.imports)
                import PlaygroundSupport

                PlaygroundPage.current.needsIndefiniteExecution = true

                //: The request, sent when the page runs; the page ends once the answer is printed.
                Task {
                    do {
                        let url = URL(string: "https://official-joke-api.appspot.com/jokes/1")!
                        let request = URLRequest(url: url)
                        let (data, response) = try await URLSession.shared.data(for: request)
                        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                            throw URLError(.badServerResponse)
                        }
                        print(String(decoding: data, as: UTF8.self))
                    } catch {
                        print(error)
                    }
                    PlaygroundPage.current.finishExecution()
                }

                """, "\(page)")
        }
    }

    /// What only the sandbox serves (an API's OpenAPI document, a path outside its routes) keeps
    /// this run's URL, with a note that says so and what to change.
    @Test func whatOnlyTheSandboxServesIsWrittenWithANote() async throws {
        try await withSession { session in
            let root = try #require(session.sandboxURL).absoluteString
            for path in ["/jsonplaceholder/openapi.json", "/restcountries/v5/all"] {
                await evaluate(["url sandbox\(path)"], in: session)
                let program = await output(of: "export swift", in: session)
                #expect(program == Self.printingTheBody("""
                    // Only Workbench's sandbox serves this URL, on a port that changes every run: start it
                    // with `workbench sandbox --port PORT` and write that PORT in the URL below.
                    let url = URL(string: "\(root)\(path)")!
                    """), "\(program)")
            }
        }
    }
}

/// A one-file program compiled with `swiftc` (module `main`, as the prompt's types are) and run.
enum LibrarySource {
    static func run(_ source: String, environment extra: [String: String] = [:]) async throws -> PipedRun {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: file)
        let paths = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = paths.split(separator: ":").map { "\($0)/swiftc" }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
        let binary = directory.url.appendingPathComponent("program").path
        let compiled = try await PipedRun.run(swiftc, [file.path, "-module-name", "main", "-o", binary], input: "", environment: ProcessInfo.processInfo.environment)
        guard compiled.status == 0 else { return compiled }
        return try await PipedRun.run(binary, input: "", environment: ProcessInfo.processInfo.environment.merging(extra) { $1 })
    }
}
