import Foundation
import TestSupport
import Testing

/// Tutorial code pasted as it is (docs/swift.md, "From a tutorial"): the real `workbench`, with Swift
/// that runs in the Swift host. Swift 5 language mode by default, work left running between
/// inputs, imports decided where they are typed.
extension CompiledSwiftSessions {
    @Suite struct TutorialCodeTests {
        func run(_ script: String, arguments: [String] = ["--no-sandbox"]) async throws -> PipedRun {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            return try await PipedRun.run(try Binaries.workbench, arguments, input: script,
                                          environment: isolatedEnvironment(home: home.url))
        }

        /// A singleton with a completion handler called from another queue: Swift 5 takes it, as
        /// `swiftc` with no flag does; `--swift 6` refuses it with Swift 6's own error.
        static let singleton = """
            class NetworkHelper {
                static let manager = NetworkHelper()
                func getData(completionHandler: @escaping (Result<[String], Error>) -> Void) {
                    DispatchQueue.global().async { completionHandler(.success(["a", "b"])) }
                }
            }
            var names: [String] = []
            func load() { NetworkHelper.manager.getData { result in if case .success(let got) = result { names = got; print("loaded", got) } } }
            load()

            """

        @Test func swift5TakesASingletonAndACompletionHandler() async throws {
            let result = try await run(Self.singleton + "Thread.sleep(forTimeInterval: 0.5)\nnames.count\n")
            #expect(result.status == 0, "\(result.output)")
            // The completion handler prints during `load()` or the sleep after it: the same place either way.
            #expect(result.output == """
                defined NetworkHelper
                names: [String]
                []
                defined load
                loaded ["a", "b"]
                names.count: Int
                2

                """, "\(result.output)")
        }

        @Test func swift6RefusesWhatSwift6Refuses() async throws {
            for arguments in [["--swift", "6"], []] {
                let script = (arguments.isEmpty ? "set swift 6\n" : "") + Self.singleton
                let result = try await run(script, arguments: ["--no-sandbox"] + arguments)
                #expect(result.status == 1, "\(result.output)")
                // The later inputs fail for want of the class the first one could not declare.
                #expect(result.output == (arguments.isEmpty ? "Swift 6 language mode from the next input\n" : "") + """
                    error: 2:16: static property 'manager' is not concurrency-safe because non-'Sendable' type 'NetworkHelper' may have shared mutable state [#MutableGlobalVariable]
                          static let manager = NetworkHelper()
                                     ^
                    names: [String]
                    []
                    error: 1:15: cannot find 'NetworkHelper' in scope
                      func load() { NetworkHelper.manager.getData { result in if case .success(let got) = result { names =…
                                    ^
                    error: 1:1: cannot find 'load' in scope
                      load()
                      ^

                    """, "\(result.output)")
            }
        }

        /// A `Task`, the main queue and a timer an input leaves run before the next input, as on a
        /// playground page; the summary line names the block, cut.
        @Test func workLeftRunningRunsBetweenInputs() async throws {
            let result = try await run("""
                var objects: [Int] = []
                Task {
                    objects.append(1)
                    print("task ran")
                }
                DispatchQueue.main.async { objects.append(2); print("main queue ran") }
                print("next input", objects.count)
                let timer = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in print("timer fired") }
                Thread.sleep(forTimeInterval: 0.1)
                print("after the timer")

                """)
            #expect(result.status == 0, "\(result.output)")
            let output = result.output
            // The task and the main queue print while the input answers or just after: those two lines
            // are left out here (their order is checked below), and the timer's address masked.
            let fixed = output.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0 != "task ran" && $0 != "main queue ran" }.joined(separator: "\n")
                .replacingOccurrences(of: "0x[0-9a-f]+", with: "ADDRESS", options: .regularExpression)
            #expect(fixed == """
                objects: [Int]
                []
                Task { … }: Task<(), Never>
                Task<(), Never>(_task: (Opaque Value))
                next input 2
                timer: Timer
                <Timer: ADDRESS>
                timer fired
                after the timer

                """, "\(output)")
            let order = ["task ran", "main queue ran", "next input 2", "timer fired", "after the timer"].map { output.range(of: $0)?.lowerBound }
            #expect(!order.contains(nil), "\(output)")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(output)")
        }

        /// Work left running that traps ends the host, as it ends a compiled program: one line, no
        /// stack trace, and the session goes on. (Whether the trap comes while the input that started
        /// the work is answering or after, which the runtime decides, only changes the line after it:
        /// the input fails, or the next one rebuilds the session without it.)
        @Test func workLeftRunningThatTrapsLeavesTheSessionUsable() async throws {
            let result = try await run("""
                let xs = [1]
                Task { print(xs[3]) }
                Thread.sleep(forTimeInterval: 0.3)
                [xs.count, 2].map { $0 * 10 }
                print("still here")

                """)
            let output = result.output
            // Where the runtime's line comes, and what the session says with it, depends on when the
            // trap comes (above): the output's first and last inputs are compared whole.
            #expect(output.hasPrefix("xs: [Int]\n[1]\n"), "\(output)")
            #expect(output.contains("Fatal error: Index out of range"), "\(output)")
            #expect(!output.contains("Current stack trace"), "\(output)")
            #expect(output.hasSuffix("[xs.count, 2].map { $0 * 10 }: [Int]\n[10, 20]\nstill here\n"), "\(output)")
        }

        /// An import that fails is one line where it is typed; later inputs compile as if it had
        /// not been. UIKit's kin import Foundation, with one line the first time.
        @Test func anImportNeverPoisonsTheSession() async throws {
            let result = try await run("""
                import UIKit
                import NoSuchModuleAnywhere
                let doubled = [1, 2].map { $0 * 2 }
                import UIKit
                let view = UIView()
                import PlaygroundSupport
                PlaygroundPage.current.needsIndefiniteExecution = true
                print(doubled, PlaygroundPage.current.needsIndefiniteExecution)
                PlaygroundPage.current.liveView = "a view"

                """)
            #expect(result.output == """
                (UIKit is not on Linux: Foundation is imported instead; UIKit's own types are not)
                error: 1:8: no such module 'NoSuchModuleAnywhere'
                  import NoSuchModuleAnywhere
                         ^
                doubled: [Int]
                [2, 4]
                error: 1:12: cannot find 'UIView' in scope
                  let view = UIView()
                             ^
                (UIKit is not on Linux: what is not in Foundation cannot be found here)
                [2, 4] true
                (live views need Xcode: the view is not shown here; its code ran)

                """, "\(result.output)")
        }

        /// After `import UIKit` (Xcode's templates start with it), the hint that UIKit is not on Linux
        /// is said under an error that cannot find one of UIKit's names, not under a typo in the
        /// user's own; a compile error shows the line typed and a caret under its column.
        @Test func theUIKitHintIsOnlyUnderAMissingUIKitName() async throws {
            let result = try await run("""
                import UIKit
                struct Post { let title: String }
                let posts = [Post(title: "a")]
                posts.map { $0.titel }
                let color = UIColor.red

                """)
            #expect(result.output == """
                (UIKit is not on Linux: Foundation is imported instead; UIKit's own types are not)
                defined Post
                posts: [Post]
                [main.Post(title: "a")]
                error: 1:16: value of type 'Post' has no member 'titel'
                  posts.map { $0.titel }
                                 ^
                error: 1:13: cannot find 'UIColor' in scope
                  let color = UIColor.red
                              ^
                (UIKit is not on Linux: what is not in Foundation cannot be found here)

                """, "\(result.output)")
        }

        /// A URL error the code's own `URLSession` throws at the top level reads as `get`'s failures
        /// do, not as Foundation's 400-character description.
        @Test func aURLErrorThrownAtTheTopLevelIsTheTransportsOneLine() async throws {
            let result = try await run("let (data, response) = try await URLSession.shared.data(from: URL(string: \"https://nosuchhost.invalid/x\")!)\n")
            #expect(result.output == "error: request to https://nosuchhost.invalid/x failed: host 'nosuchhost.invalid' not found (DNS) — check the host name\n",
                    "\(result.output)")
        }

        /// The code's own `URLSession`s (shared and made, in an input and in work left running)
        /// are offline with `--offline`, keep the real URL, and join the history with what they
        /// received, once each; `wb`'s requests are not counted twice.
        @Test func theCodesOwnRequestsJoinTheHistory() async throws {
            let result = try await run("""
                let (data, response) = try await URLSession.shared.data(from: URL(string: "https://jsonplaceholder.typicode.com/users/1")!)
                response.url!
                let session = URLSession(configuration: .ephemeral)
                Task { _ = try await session.data(from: URL(string: "https://official-joke-api.appspot.com/jokes/1")!) }
                Thread.sleep(forTimeInterval: 0.5)
                get https://jsonplaceholder.typicode.com/posts/1
                history
                show 2

                """, arguments: ["--offline"])
            #expect(result.status == 0, "\(result.output)")
            // Times (and the spaces that right-align them) and the session's address vary: masked.
            let output = SnippetOutput.masked(result.output, sizesAndClocks: false)
                .replacingOccurrences(of: " +TIME", with: " TIME", options: .regularExpression)
                .replacingOccurrences(of: "0x[0-9a-f]+", with: "ADDRESS", options: .regularExpression)
            #expect(output == """
                response.url!: URL
                https://jsonplaceholder.typicode.com/users/1
                session: FoundationNetworking.URLSession
                <URLSession: ADDRESS>
                Task { … }: Task<(), Error>
                Task<(), Error>(_task: (Opaque Value))
                HTTP 200 OK · application/json · 292 B · TIME · offline
                {
                  "userId": 1,
                  "id": 1,
                  "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
                  "body": "quia et suscipit\\nsuscipit recusandae consequuntur expedita et cum\\nreprehenderit molestiae ut ut quas totam\\nnostrum rerum est autem sunt rem eveniet architecto"
                }
                1  GET     200     509 B TIME  https://jsonplaceholder.typicode.com/users/1  offline
                2  GET     200      98 B TIME  https://official-joke-api.appspot.com/jokes/1  offline
                3  GET     200     292 B TIME  https://jsonplaceholder.typicode.com/posts/1  offline
                GET https://official-joke-api.appspot.com/jokes/1
                HTTP 200 OK · application/json · 98 B · TIME · offline
                {
                  "type": "general",
                  "setup": "What did the fish say when it hit the wall?",
                  "punchline": "Dam.",
                  "id": 1
                }

                """, "\(result.output)")
        }

        /// Names before commands, with compiled Swift: `status + 1` is arithmetic once `status` is bound.
        @Test func aBoundNameIsSwiftBeforeACommandWord() async throws {
            let result = try await run("let status = 200\nstatus + 1\nvar path = \"/x\"\npath = \"/y\"\nprint(path)\n")
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output == """
                status: Int
                200
                status + 1: Int
                201
                path: String
                /x
                /y

                """, "\(result.output)")
        }
    }
}

/// Output a `Task` prints while the user types appears above the prompt, and the typed line survives.
@Suite(.serialized) struct AsynchronousOutputTerminalTests {
    @Test func outputWhileTypingLeavesTheTypedLineIntact() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("DispatchQueue.main.asyncAfter(deadline: .now() + 2) { print(\"printed later\") }\r")
            try await terminal.waitForPrompt(after: terminal.mark)
            var mark = terminal.mark
            terminal.type("let typed = \"abc")
            try await terminal.waitFor("printed later", after: mark, timeout: .seconds(30))
            mark = terminal.mark
            terminal.type("def\"\r")
            try await terminal.waitForPrompt(after: mark)
            mark = terminal.mark
            terminal.type("typed\r")
            let shown = try await terminal.waitForPrompt(after: mark)
            #expect(shown.contains("abcdef"), "\(shown)")
        }
    }
}
