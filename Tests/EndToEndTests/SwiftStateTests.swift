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

        /// The line printed after the first summary line `NAME: TYPE` (for a value made by chance or
        /// time, which the whole output is then compared with).
        func value(after summary: String, in output: String) -> String? {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let index = lines.firstIndex(of: summary), index + 1 < lines.count else { return nil }
            return lines[index + 1]
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
            // The values first shown, each in the whole output where it must be shown again.
            let r = try #require(value(after: "r: Int", in: result.output))
            let id = try #require(value(after: "id: UUID", in: result.output))
            let now = try #require(value(after: "now: Date", in: result.output))
            let time = try #require(value(after: "now.timeIntervalSince1970: Double", in: result.output))
            #expect(result.output == """
                r: Int
                \(r)
                id: UUID
                \(id)
                now: Date
                \(now)
                r + 0: Int
                \(r)
                r + 0: Int
                \(r)
                id.uuidString: String
                \(id)
                id.uuidString: String
                \(id)
                now.timeIntervalSince1970: Double
                \(time)
                now.timeIntervalSince1970: Double
                \(time)

                """, "\(result.output)")
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
            #expect(result.output == """
                logPath: String
                \(log)
                defined appendRun
                doubled: [Int]
                [2, 4]
                2
                6

                """, "\(result.output)")
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
            #expect(result.output == """
                defined A (1 property)
                xs: [A]
                [main.A(n: 1)]
                ns: [Int]
                [1]
                defined A (1 property)
                k: Int
                2
                [A(m: "new")]: [A]
                [main.A(m: "new")]
                xs: [A]
                [main.A(n: 1)]
                defined f
                f(): Int
                1
                defined f
                f(): Int
                2

                """, "\(result.output)")
        }

        @Test func aRedeclaredBindingTakesItsNewValueAndType() async throws {
            let result = try await run("""
                let v = [1, 2].map { $0 + 1 }
                let v = "now a string".uppercased()
                v.count

                """)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output == """
                v: [Int]
                [2, 3]
                v: String
                NOW A STRING
                v.count: Int
                12

                """, "\(result.output)")
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
            // The random number, as first shown, wherever the session shows it again.
            let r = try #require(value(after: "r: Int", in: result.output))
            #expect(result.output == """
                r: Int
                \(r)
                list: [Int]
                [\(r)]
                Fatal error: Index out of range
                none: Int?
                nil
                Fatal error: Unexpectedly found nil while unwrapping an Optional value
                Fatal error: Division by zero
                Fatal error: stop here
                list.count: Int
                2
                r + 0: Int
                \(r)

                """, "\(result.output)")
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
            // The time the rebuild took is masked.
            let output = result.output.replacingOccurrences(of: #"run again in \S+ (µs|ms|s|min),"#, with: "run again in TIME,", options: .regularExpression)
            #expect(output == """
                numbers: [Int]
                [1, 2, 3]
                total: Int
                6
                Fatal error: Index out of range
                the Swift session was rebuilt: 3 inputs run again in TIME, without compiling; every value shown is as it was
                total + 0: Int
                106

                """, "\(result.output)")
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
            // The sandbox's port and the times (with the spaces that right-align them) are masked.
            let output = SnippetOutput.masked(result.output, sizesAndClocks: false)
                .replacingOccurrences(of: " +TIME", with: " TIME", options: .regularExpression)
            #expect(output == """
                HTTP 200 OK · application/json · 292 B · TIME
                {
                  "userId": 1,
                  "id": 1,
                  "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
                  "body": "quia et suscipit\\nsuscipit recusandae consequuntur expedita et cum\\nreprehenderit molestiae ut ut quas totam\\nnostrum rerum est autem sunt rem eveniet architecto"
                }
                HTTP 200 OK · application/json · 278 B · TIME
                {
                  "userId": 1,
                  "id": 2,
                  "title": "qui est esse",
                  "body": "est rerum tempore vitae\\nsequi sint nihil reprehenderit dolor beatae ea dolores neque\\nfugiat blanditiis voluptate porro vel nihil molestiae ut reiciendis\\nqui aperiam non debitis possimus qui neque nisi nulla"
                }
                HTTP 200 OK · application/json · 283 B · TIME
                {
                  "userId": 1,
                  "id": 3,
                  "title": "ea molestias quasi exercitationem repellat qui ipsa sit aut",
                  "body": "et iusto sed quo iure\\nvoluptatem occaecati omnis eligendi aut ad\\nvoluptatem doloribus vel accusantium quis pariatur\\nmolestiae porro eius odio et labore et velit aut"
                }
                lengths: [Bool]
                [true, true, true]
                wb.exchanges.count: Int
                3
                1  GET     200     292 B TIME  http://127.0.0.1:PORT/jsonplaceholder/posts/1
                2  GET     200     278 B TIME  http://127.0.0.1:PORT/jsonplaceholder/posts/2
                3  GET     200     283 B TIME  http://127.0.0.1:PORT/jsonplaceholder/posts/3

                """, "\(result.output)")
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
            #expect(result.output == """
                error: request to http://127.0.0.1:1/refused failed: connection refused — nothing listens there: check the port and that the server is up
                defined hostsLabel
                host label: 127.0.0.1
                  scheme  http
                  host    127.0.0.1
                  port    1
                  path    /refused
                  url     http://127.0.0.1:1/refused

                """, "\(result.output)")
        }

        /// Each input costs the same however long the session: 100 compiled inputs in one session, each
        /// reading the one before, all succeed and the last sees the whole chain.
        @Test func aHundredCompiledInputsInOneSession() async throws {
            var script = "let v0 = [0].map { $0 }[0]\n"
            for index in 1...99 { script += "let v\(index) = [v\(index - 1)].map { $0 + 1 }[0]\n" }
            script += "print(v99 + v0)\n"
            let result = try await run(script)
            #expect(result.status == 0, "\(result.output.suffix(500))")
            #expect(result.output == (0...99).map { "v\($0): Int\n\($0)\n" }.joined() + "99\n", "\(result.output.suffix(500))")
        }
    }
}
