import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SandboxTestSupport
import TestSupport
import Testing

/// `export playground` and `export markdown`: a session handed back as a bundle Xcode opens
/// (its `contents.xcplayground` made only of what Xcode writes; its page compiled with
/// `swiftc -swift-version 5` prints what the session's decode printed, and so does its replay
/// here) and as a Markdown handout of each statement and its output.
extension CompiledSwiftSessions {
    @Suite struct PlaygroundExportTests {
        /// The elements and attributes of `contents.xcplayground` as Xcode writes them (versions 5 to 7).
        static let xcodeElements: [String: Set<String>] = [
            "playground": ["version", "target-platform", "display-mode", "buildActiveScheme", "importAppTypes",
                           "executeOnSourceChanges", "swift-version", "sdk"],
            "pages": [], "page": ["name"], "timeline": ["fileName"],
        ]

        final class ElementReader: NSObject, XMLParserDelegate {
            var elements: [(name: String, attributes: [String: String])] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                elements.append((name, attributes))
            }
        }

        @Test func theExportedPlaygroundIsXcodesShapeAndItsPagePrintsWhatTheSessionDecoded() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let folder = home.url.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await LiveSandbox.with { sandbox in
                let session = """
                    base \(sandbox.absoluteString)/jsonplaceholder
                    get /posts/1
                    struct Post: Codable { let userId: Int; let id: Int; let title: String }
                    let post = decode Post
                    export playground FirstPost "Fetch one post and decode it" --dir \(folder.path)
                    export markdown first-post "Fetch one post" --dir \(folder.path)

                    """
                let environment = isolatedEnvironment(home: home.url)
                let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: session, environment: environment)
                #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
                let decoded = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("Post(userId: 1, id: 1") }.map(String.init))

                // contents.xcplayground: well-formed, Xcode's names only, the page listed.
                let bundle = folder.appendingPathComponent("FirstPost.playground")
                let parser = XMLParser(data: try Data(contentsOf: bundle.appendingPathComponent("contents.xcplayground")))
                let reader = ElementReader()
                parser.delegate = reader
                #expect(parser.parse())
                for element in reader.elements {
                    let known = try #require(Self.xcodeElements[element.name], "element <\(element.name)>")
                    #expect(Set(element.attributes.keys).isSubset(of: known), "\(element.name): \(element.attributes)")
                }
                #expect(reader.elements.first?.name == "playground")
                #expect(reader.elements.first?.attributes["version"] == "6.0")
                #expect(reader.elements.first?.attributes["target-platform"] == "macos")
                #expect(reader.elements.first?.attributes["display-mode"] == "rendered")
                #expect(reader.elements.filter { $0.name == "page" }.map { $0.attributes["name"] } == ["FirstPost"])
                let page = bundle.appendingPathComponent("Pages/FirstPost.xcplaygroundpage/Contents.swift")
                let text = try String(contentsOf: page, encoding: .utf8)
                #expect(text.hasPrefix("//: # FirstPost\n//:\n//: Fetch one post and decode it\n"))

                // Replayed here, and compiled as Xcode would run it.
                let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", bundle.path, "--no-sandbox"], input: "",
                                                      environment: environment)
                #expect(replayed.status == 0, "\(replayed.output)")
                let printed = replayed.output.split(separator: "\n").map(String.init)
                    .filter { !$0.hasPrefix("» ") && !$0.hasPrefix("┃") && !$0.hasPrefix("━━") }
                #expect(printed == [decoded], "\(replayed.output)")
                #expect(try await Self.compiledOutput(of: page, in: home.url) == [decoded])

                // The handout: each input as typed (a command after `wb>`, Swift in a swift block),
                // what the prompt showed below it.
                let markdown = try String(contentsOf: folder.appendingPathComponent("first-post.md"), encoding: .utf8)
                let status = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("HTTP 200 OK") })
                let body = run.output.components(separatedBy: status + "\n")[1].components(separatedBy: "defined Post")[0]
                #expect(markdown == """
                    # first-post

                    Fetch one post

                    ```
                    wb> base \(sandbox.absoluteString)/jsonplaceholder
                    ```

                    ```
                    wb> get /posts/1
                    ```

                    ```
                    \(status)
                    \(body)```

                    ```swift
                    struct Post: Codable { let userId: Int; let id: Int; let title: String }
                    ```

                    ```
                    defined Post (3 properties)
                    ```

                    ```
                    wb> let post = decode Post
                    ```

                    ```
                    Post
                    \(decoded)
                    ```

                    """, "\(markdown)")
            }
        }

        @Test func exportRefusesToReplaceAndSaysWhatItNeeds() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let folder = home.url.path
            let input = """
                export playground Empty --dir \(folder)
                get sandbox/jsonplaceholder/posts/1
                export playground Again --dir \(folder)
                export playground Again --dir \(folder)
                export markdown
                export playground a/b

                """
            let run = try await PipedRun.run(try Binaries.workbench, [], input: input, environment: isolatedEnvironment(home: home.url))
            #expect(run.status == 1)
            let errors = run.output.split(separator: "\n").map(String.init)
            #expect(errors.contains("error: nothing to export yet: no step of this session has succeeded"), "\(run.output)")
            #expect(errors.contains("error: \(folder)/Again.playground already exists; add --force to replace it"), "\(run.output)")
            #expect(errors.contains("error: export markdown needs a name: `export markdown NAME [\"description\"]`"), "\(run.output)")
            #expect(errors.contains("error: 'a/b' cannot be a file name here (no '/', not starting with '.')"), "\(run.output)")
        }

        /// The page compiled as generate.py compiles a playground page (Playgrounds/generate.py),
        /// with the tutorials' PlaygroundSupport stand-in, and run.
        static func compiledOutput(of page: URL, in folder: URL) async throws -> [String] {
            let work = folder.appendingPathComponent("compiled")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Tutorials/PlaygroundSupport.swift")
            let swiftc = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) })
            let environment = ProcessInfo.processInfo.environment
            let library = try await PipedRun.run(swiftc, ["-swift-version", "5", "-emit-library", "-emit-module", "-module-name", "PlaygroundSupport",
                                                          support.path, "-o", work.appendingPathComponent("libPlaygroundSupport.so").path,
                                                          "-emit-module-path", work.appendingPathComponent("PlaygroundSupport.swiftmodule").path],
                                                 input: "", environment: environment)
            #expect(library.status == 0, "\(library.errorOutput)")
            let program = work.appendingPathComponent("main.swift")
            let source = try String(contentsOf: page, encoding: .utf8) + "\nRunLoop.main.run(until: Date(timeIntervalSinceNow: 10))\n"
            try Data(source.utf8).write(to: program)
            let executable = work.appendingPathComponent("page").path
            let compiled = try await PipedRun.run(swiftc, ["-swift-version", "5", "-module-name", "main", "-I", work.path, "-L", work.path,
                                                           "-lPlaygroundSupport", "-Xlinker", "-rpath", "-Xlinker", work.path,
                                                           program.path, "-o", executable], input: "", environment: environment)
            #expect(compiled.status == 0, "\(compiled.errorOutput)")
            return try await PipedRun.run(executable, [], input: "", environment: environment).output.split(separator: "\n").map(String.init)
        }
    }
}
