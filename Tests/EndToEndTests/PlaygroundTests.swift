import Foundation
import SandboxTestSupport
import TestSupport
import Testing

/// Xcode playground bundles (Playgrounds/Bundles/, written in the shapes Xcode writes; the
/// folder's README says what each covers) replayed with `--offline`: each page prints what the same
/// page prints compiled with `swiftc -swift-version 5`, its `Sources/` a module of its own and its
/// `Resources/` beside the program (Playgrounds/Expected/, written by Playgrounds/generate.py).
extension CompiledSwiftSessions {
    @Suite struct PlaygroundTests {
        static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Playgrounds")
        static func bundle(_ name: String) -> String { folder.appendingPathComponent("Bundles/\(name).playground").path }

        /// What each page printed, by page name: Workbench's own lines (the statements shown, the
        /// rendered prose, notes in parentheses) left out. A single-page bundle's page is the bundle's name.
        static func printedByPage(_ output: String, single: String) -> [String: [String]] {
            var pages: [String: [String]] = [:]
            var current = single
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) {
                if line.hasPrefix("━━ Page "), let colon = line.range(of: ": ") {
                    current = String(line[colon.upperBound...].dropLast(" ━━".count))
                    pages[current] = []
                    continue
                }
                guard !line.hasPrefix("» "), !line.hasPrefix("┃"), !line.hasPrefix("("), !line.hasPrefix("note: ") else { continue }
                pages[current, default: []].append(line)
            }
            return pages
        }

        static func expected(_ bundle: String) throws -> (pages: [String: [String]], needingXcode: [String]) {
            let expected = folder.appendingPathComponent("Expected/\(bundle)")
            var pages: [String: [String]] = [:]
            var needingXcode: [String] = []
            for name in try FileManager.default.contentsOfDirectory(atPath: expected.path) {
                let text = try String(contentsOf: expected.appendingPathComponent(name), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                if name == "needs-xcode.txt" { needingXcode = lines } else { pages[String(name.dropLast(".txt".count))] = lines }
            }
            return (pages, needingXcode)
        }

        @Test(arguments: ["Basics", "Networking", "Legacy", "Unlisted", "Community"])
        func everyPagePrintsWhatItPrintsCompiled(_ name: String) async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.bundle(name), "--offline"], input: "",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
            let expected = try Self.expected(name)
            var printed = Self.printedByPage(result.output, single: name)
            for page in expected.needingXcode {
                #expect(result.output.contains("note: page '\(page)' needs Xcode: "), "\(result.output)")
                #expect(printed.removeValue(forKey: page) == [], "\(page) ran")
            }
            #expect(printed == expected.pages, "\(result.output)")
        }

        @Test func aSourcesFolderThatDoesNotCompileIsOneLineWithItsFileAndLine() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.bundle("Broken")], input: "",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 1)
            // swiftc's `PATH:L:C: error: MESSAGE` is Workbench's `error: PATH:L:C: MESSAGE`.
            let compiled = try String(contentsOf: Self.folder.appendingPathComponent("Expected/Broken/sources-error.txt"), encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            let place = try #require(compiled.range(of: ": error: "))
            let line = "error: \(compiled[..<place.lowerBound]): \(compiled[place.upperBound...])"
            #expect(result.output.split(separator: "\n").map(String.init) == [line], "\(result.output)")
        }

        @Test func stepModeGoesWhereTheAnswerSays() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            // At Introduction's first statement, a page's name; at Fetching Posts' first, `p`;
            // at Decoding Resources' first, `q`.
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.bundle("Networking"), "--step", "--offline"],
                                                input: "Fetching Posts\np\nq\n", environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            let headers = result.output.split(separator: "\n").filter { $0.hasPrefix("━━ Page ") }.map(String.init)
            #expect(headers == ["━━ Page 1 of 5: Introduction ━━", "━━ Page 4 of 5: Fetching Posts ━━", "━━ Page 3 of 5: Decoding Resources ━━"],
                    "\(result.output)")
            #expect(!result.output.contains("3 posts in posts.json"))
        }

        /// Statement by statement, a page still runs as one program: a constant given its value
        /// below its declaration, and functions, types and an operator declared at the bottom and
        /// used at the top (Community's pages).
        @Test func stepModePrintsWhatThePagesPrintCompiled() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.bundle("Community"), "--step", "--offline"],
                                                input: String(repeating: "\n", count: 60), environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            // Piped, the answers are not echoed: each question ends where the next output begins.
            let output = result.output
                .replacingOccurrences(of: "  ⏎ next page · p previous · a page's name · q stop \n", with: "")
                .replacingOccurrences(of: "  ⏎ run · n next page · p previous · a page's name · q stop ", with: "")
            #expect(Self.printedByPage(output, single: "Community") == (try Self.expected("Community")).pages, "\(result.output)")
        }

        /// `open` lists each page with its first heading, or its name when it has none, never its
        /// navigation links; a page that imports SwiftUI and uses none of it is not marked.
        @Test func openListsEachPagesHeadingNotItsNavigation() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let result = try await PipedRun.run(try Binaries.workbench, ["open", Self.bundle("Community")], input: "quit\n",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            let listed = result.output.split(separator: "\n").filter { $0.hasPrefix(" ") }.map { $0.split(separator: " ").joined(separator: " ") }
            #expect(listed == ["1 Welcome A Week of Weather", "2 Set Once Constants Given Their Value Later",
                               "3 Further Down Further Down", "4 Without SwiftUI Imports SwiftUI, Uses Foundation"], "\(result.output)")
        }

        @Test func betweenPagesEnterGoesOnAndAMistypedNameIsSaid() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            // Unlisted has two pages of 2 and 9 statements: Enter through Alpha, then a wrong name, then q.
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.bundle("Unlisted"), "--step"],
                                                input: "\n\nGamma\nq\n", environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("no page 'Gamma': Alpha, Beta"), "\(result.output)")
            #expect(!result.output.contains("━━ Page 2 of 2"), "\(result.output)")
        }

        /// `open` at the prompt: Sources importable, pages listed (with the one needing Xcode
        /// marked), `page` running one into the session, whose values stay; Tab completes names.
        @Test func aPageRunsIntoTheSessionAndItsValuesStay() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            // With colours, as a user's terminal has them.
            let terminal = try PseudoTerminal(executable: try Binaries.workbench, arguments: ["open", Self.bundle("Networking"), "--offline"],
                                              environment: isolatedEnvironment(home: home.url))
            let listed = try await terminal.waitForPrompt("wb>")
            #expect(listed.contains("Live View"))
            #expect(listed.contains("needs Xcode: it uses UIView, and UIKit is not on Linux"))
            var mark = terminal.mark
            terminal.type("page Deco\t")
            _ = try await terminal.waitFor("ding Resources", after: mark)
            terminal.type("\r")
            let page = try await terminal.waitFor("resources found: true", after: mark, timeout: .seconds(90))
            // Rendered at a terminal: the heading bold and underlined with ═, a code span in cyan.
            #expect(page.contains("\u{1B}[1mDecoding Resources\u{1B}[0m"), "\(page.debugDescription)")
            #expect(page.contains("══════════════════"))
            #expect(page.contains("\u{1B}[36mBundle.main\u{1B}[0m"), "\(page.debugDescription)")
            _ = try await terminal.waitForPrompt("wb>", after: mark)
            mark = terminal.mark
            terminal.type("print(posts.map(\\.id), pretty(Data(\"[1]\".utf8)).count)\r")
            let values = try await terminal.waitFor("[101, 102, 103]", after: mark, timeout: .seconds(60))
            #expect(!values.contains("error"), "\(values)")
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)
        }

        @Test func pipedTheMarkupIsPlainTextAndReplayRunsABundleHere() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let input = "open \(Self.bundle("Networking"))\npage Building URLs\nreplay \(Self.bundle("Unlisted"))\nsave built --dir \(home.url.path)\n"
            let result = try await PipedRun.run(try Binaries.workbench, [], input: input,
                                                environment: isolatedEnvironment(home: home.url))
            // Only the save at the end fails (its check), and says why.
            #expect(result.status == 1, "\(result.output)")
            #expect(!result.output.contains("\u{1B}["))
            #expect(result.output.contains("┃ Building URLs\n┃ ═════════════\n"), "\(result.output)")
            #expect(result.output.contains("┃ ← Previous | Next →"))
            // Hidden code runs and is not shown.
            #expect(!result.output.contains("func show"))
            #expect(result.output.contains("https://jsonplaceholder.typicode.com/posts?userId=1&_limit=2"))
            #expect(result.output.contains("━━ Page 2 of 2: Beta ━━"))
            // A snippet cannot import the playground's Sources/: save's check says so.
            #expect(result.output.contains("(a snippet cannot import Networking.playground's Sources/"), "\(result.output)")
            #expect(result.output.contains("Beta: Ines on post 12"))
        }
    }
}
