import Foundation
import TestSupport
import Testing

/// What a user binds at the prompt keeps its value: the real `workbench`, piped, with Swift that
/// runs in the Swift host. Values that must stay the same are printed twice and compared; what
/// one program cannot show (a type declared again, a value made by chance) is checked here, and
/// the rest against compiled Swift in the forms table's `session` group.
extension CompiledSwiftSuites {
    @Suite struct SwiftStateTests {
        func run(_ script: String, sandbox: Bool = false) async throws -> PipedRun {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            return try await PipedRun.run(try Binaries.workbench, sandbox ? [] : ["--no-sandbox"], input: script,
                                          environment: isolatedEnvironment(home: home.url))
        }

        /// The lines printed after a summary line `NAME: TYPE`.
        func value(after summary: String, in output: String, occurrence: Int = 0) -> String? {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let indices = lines.indices.filter { lines[$0] == summary }
            guard occurrence < indices.count, indices[occurrence] + 1 < lines.count else { return nil }
            return lines[indices[occurrence] + 1]
        }

        @Test func valuesMadeByChanceOrTimeKeepTheirValue() async throws {
            let result = try await run("""
                let r = Int.random(in: 1...1_000_000_000)
                let id = UUID()
                let now = Date()
                r + 0
                r + 0
                id.uuidString
                id.uuidString
                now.timeIntervalSince1970
                now.timeIntervalSince1970

                """)
            #expect(result.status == 0, "\(result.output)")
            let r = try #require(value(after: "r: Int", in: result.output))
            #expect(value(after: "r + 0: Int", in: result.output) == r)
            #expect(value(after: "r + 0: Int", in: result.output, occurrence: 1) == r)
            let id = try #require(value(after: "id: UUID", in: result.output))
            #expect(value(after: "id.uuidString: String", in: result.output) == id)
            #expect(value(after: "id.uuidString: String", in: result.output, occurrence: 1) == id)
            let time = try #require(value(after: "now.timeIntervalSince1970: Double", in: result.output))
            #expect(value(after: "now.timeIntervalSince1970: Double", in: result.output, occurrence: 1) == time)
        }

        @Test func anEarlierInputsSideEffectsHappenOnce() async throws {
            let file = try TemporaryDirectory()
            defer { file.remove() }
            let log = file.url.appendingPathComponent("runs.txt").path
            let result = try await run("""
                let logPath = "\(log)"
                func appendRun() throws { let old = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""; try (old + "ran\\n").write(toFile: logPath, atomically: true, encoding: .utf8) }
                try appendRun()
                let doubled = [1, 2].map { $0 * 2 }
                print(doubled.count)
                print(doubled.reduce(0, +))

                """)
            #expect(result.status == 0, "\(result.output)")
            #expect(try String(contentsOfFile: log, encoding: .utf8) == "ran\n")
        }

        @Test func aRedeclaredTypeReplacesTheOldOneAndOldValuesKeepTheirType() async throws {
            let result = try await run("""
                struct A: Codable { let n: Int }
                let xs = [A(n: 1)]
                let ns = xs.map(\\.n)
                struct A: Codable { let m: String }
                let k = 1 + 1
                [A(m: "new")]
                xs
                func f() -> Int { 1 }
                f()
                func f() -> Int { 2 }
                f()

                """)
            #expect(result.status == 0, "\(result.output)")
            #expect(!result.output.contains("error:"))
            #expect(value(after: "k: Int", in: result.output) == "2")
            #expect(value(after: "[A(m: \"new\")]: [A]", in: result.output) == "[main.A(m: \"new\")]")
            #expect(value(after: "xs: [A]", in: result.output, occurrence: 1) == "[main.A(n: 1)]")
            #expect(value(after: "f(): Int", in: result.output) == "1")
            #expect(value(after: "f(): Int", in: result.output, occurrence: 1) == "2")
        }

        @Test func aRedeclaredBindingTakesItsNewValueAndType() async throws {
            let result = try await run("""
                let v = [1, 2].map { $0 + 1 }
                let v = "now a string".uppercased()
                v.count

                """)
            #expect(result.status == 0, "\(result.output)")
            #expect(value(after: "v.count: Int", in: result.output) == "12")
        }

        @Test func aTrapIsOneLineAndValuesBoundBeforeItStay() async throws {
            let result = try await run("""
                let r = Int.random(in: 1...1_000_000_000)
                var list = [r]
                list[3]
                let none: Int? = nil
                none! + 1
                1 / (list.count - 1)
                fatalError("stop here")
                list.append(7)
                list.count
                r + 0

                """)
            #expect(result.status == 1)
            let r = try #require(value(after: "r: Int", in: result.output))
            #expect(value(after: "r + 0: Int", in: result.output) == r)
            #expect(value(after: "list.count: Int", in: result.output) == "2")
            let lines = result.output.split(separator: "\n")
            #expect(lines.contains("Fatal error: Index out of range"))
            #expect(lines.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
            #expect(lines.contains("Fatal error: Division by zero"))
            #expect(lines.contains { $0.hasPrefix("Fatal error: stop here") })
            #expect(!result.output.contains("stack trace"))
            #expect(!result.output.contains("rebuilt"))
        }

        /// A trap while an input awaits cannot be caught in the host: the host is replaced, the inputs
        /// that succeeded run again quietly (without compiling), and one line says so.
        @Test func aTrapWhileAwaitingRebuildsTheSession() async throws {
            let result = try await run("""
                let numbers = [3, 1, 2].sorted()
                var total = numbers.reduce(0, +)
                total += 100
                try await Task.sleep(nanoseconds: 1_000); print(numbers[9])
                total + 0

                """)
            #expect(result.status == 1)
            #expect(result.output.contains("Fatal error: Index out of range"))
            #expect(result.output.contains("the Swift session was rebuilt: 3 inputs run again in "))
            #expect(value(after: "total + 0: Int", in: result.output) == "106")
        }

        @Test func requestsMadeByCompiledCodeJoinTheHistoryOnce() async throws {
            let result = try await run("""
                base sandbox/jsonplaceholder
                for id in [1, 2] { try await wb.get("/posts/\\(id)") }
                get /posts/3
                let lengths = wb.exchanges.map { $0.response.body.count > 0 }
                wb.exchanges.count
                history

                """, sandbox: true)
            #expect(result.status == 0, "\(result.output)")
            #expect(value(after: "wb.exchanges.count: Int", in: result.output) == "3")
            let history = result.output.split(separator: "\n").filter { $0.contains("/jsonplaceholder/posts/") && $0.contains("GET") }
            #expect(history.count == 3, "\(result.output)")
        }

        /// The URL a request set stays when its send fails, whichever side ran it: after `get URL`
        /// (refused) the next compiled input left the prompt on the old host (the host never saw the
        /// `get`); after a compiled `wb.get(URL)` that threw, `url` showed the old URL (the REPL never
        /// took the host's state). The prompt, `url` and the host's `wb` agree after every input.
        @Test(arguments: [
            ("", "get http://127.0.0.1:1/refused"),
            ("compiled", #"try await wb.get("http://127.0.0.1:1/refused")"#),
        ])
        func aFailedRequestsURLIsKeptOnBothSides(engine: String, request: String) async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let extra = engine.isEmpty ? [:] : ["WORKBENCH_ENGINE": engine]
            let result = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: """
                base https://example.com/api
                \(request)
                func hostsLabel() -> String { wb.hostLabel ?? "none" }
                print("host label:", hostsLabel())
                url

                """, environment: isolatedEnvironment(home: home.url, extra: extra))
            #expect(result.output.contains("host label: 127.0.0.1"), "\(result.output)")
            let urls = result.output.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("url ") }
            #expect(urls.last?.hasSuffix(" http://127.0.0.1:1/refused") == true, "\(result.output)")
        }

        /// Each input costs the same however long the session: 100 compiled inputs in one session, each
        /// reading the one before, all succeed and the last sees the whole chain.
        @Test func aHundredCompiledInputsInOneSession() async throws {
            var script = "let v0 = [0].map { $0 }[0]\n"
            for index in 1...99 { script += "let v\(index) = [v\(index - 1)].map { $0 + 1 }[0]\n" }
            script += "print(v99 + v0)\n"
            let result = try await run(script)
            #expect(result.status == 0, "\(result.output.suffix(500))")
            #expect(value(after: "v99: Int", in: result.output) == "99")
            #expect(result.output.hasSuffix("99\n"))
        }
    }
}
