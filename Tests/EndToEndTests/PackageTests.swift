import Foundation
import TestSupport
import Testing

/// `package add` in real sessions: SwiftPM resolves and builds the package (the Greeting fixture in
/// Packages/, made a git repository tagged 1.0.0; swift-algorithms and OpenCombine from the package
/// mirror), and the code after it prints what the same code prints compiled against the package
/// (Packages/Expected/, written by Packages/generate.py). Builds are cached in the tests' shared
/// cache folder, so each set is built once per run.
@Suite(.serialized) struct PackageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Packages")

    /// Greeting/ as a git repository with one commit tagged 1.0.0, made once per run (as generate.py
    /// makes it), in a folder named for the run so that a cached build of another run's is not used.
    /// It lives in the package's .build (an earlier run's is removed), so the tests leave nothing in /tmp.
    static let greeting: String = {
        let runs = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-greeting")
        try? FileManager.default.removeItem(at: runs)
        let repository = runs.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)/greeting")
        try? FileManager.default.createDirectory(at: repository.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: folder.appendingPathComponent("Greeting"), to: repository)
        for arguments in [["init", "-q"], ["add", "."],
                          ["-c", "user.name=Workbench", "-c", "user.email=tests@workbench.invalid", "commit", "-q", "-m", "Greeting"],
                          ["tag", "1.0.0"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = arguments
            git.currentDirectoryURL = repository
            git.standardOutput = FileHandle.nullDevice
            git.standardError = FileHandle.nullDevice
            try? git.run()
            git.waitUntilExit()
        }
        return "file://" + repository.path
    }()

    /// A case's `package add` line (its first) and the code after it.
    static func session(_ name: String) throws -> (add: String, code: String) {
        let text = try String(contentsOf: folder.appendingPathComponent("Cases/\(name).swift"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let add = String(lines[0].dropFirst("// ".count)).replacingOccurrences(of: "GREETING", with: greeting)
        return (add, lines.dropFirst().joined(separator: "\n"))
    }

    /// What the code printed: Workbench's own lines left out (`added …`, `built in …`, and the
    /// prompt's `name: Type` and value lines after a `let` or `var` of `code`).
    static func printed(_ output: String, code: String) -> [String] {
        let bound = Set(code.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count > 1, words[0] == "let" || words[0] == "var" else { return nil }
            return String(words[1])
        })
        var lines: [String] = []
        var skipNext = false
        for line in output.split(separator: "\n").map(String.init) {
            if skipNext {
                skipNext = false
                continue
            }
            if let colon = line.firstIndex(of: ":"), bound.contains(String(line[..<colon])) {
                skipNext = true
                continue
            }
            if line.hasPrefix("added ") || line.hasPrefix("built in ") { continue }
            lines.append(line)
        }
        return lines
    }

    /// SwiftPM builds only on CPU time the other suites leave (PackageCommandRun.swift): at the
    /// same priority, their requests timed out in a full run on 2 cores.
    static func environment(_ home: TemporaryDirectory) -> [String: String] {
        isolatedEnvironment(home: home.url, extra: ["WORKBENCH_PACKAGE_SCHEDULE": "idle"])
    }

    func run(_ input: String, home: TemporaryDirectory, arguments: [String] = []) async throws -> PipedRun {
        try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"] + arguments, input: input,
                               environment: Self.environment(home))
    }

    @Test(arguments: ["greeting", "algorithms", "opencombine"])
    func codeUsingAPackagePrintsWhatItPrintsCompiled(_ name: String) async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let session = try Self.session(name)
        let result = try await run(session.add + "\n" + session.code + "\n", home: home)
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("Expected/\(name).txt"), encoding: .utf8)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(Self.printed(result.output, code: session.code) == expected.split(separator: "\n").map(String.init), "\(result.output)\(result.errorOutput)")
    }

    /// A Combine tutorial's publisher chain over `URLSession`, with OpenCombine: replayed as a
    /// snippet with `--offline`, the request answered by the sandbox, its completion awaited.
    @Test func aPublisherOverURLSessionPrintsWhatItPrintsCompiled() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let session = try Self.session("opencombine-network")
        let file = home.url.appendingPathComponent("publisher.swift")
        let header = "// \(session.add.replacingOccurrences(of: "package add ", with: "Package: "))\n"
        try Data((header + session.code).utf8).write(to: file)
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--offline"], input: "",
                                            environment: Self.environment(home))
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("Expected/opencombine-network.txt"), encoding: .utf8)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let printed: [String] = result.output.split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("» ") && !$0.hasPrefix("building ") }
        #expect(printed == expected.split(separator: "\n").map(String.init), "\(result.output)")
    }

    @Test func aSavedSnippetCarriesItsPackagesAndReplaysWithThem() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let snippets = home.url.appendingPathComponent("Snippets")
        let session = try Self.session("greeting")
        let result = try await run("\(session.add)\n\(session.code)\nsave greetings --dir \(snippets.path)\n", home: home)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let file = snippets.appendingPathComponent("greetings.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("// Package: \(Self.greeting) from 1.0.0 products Greeting\n"), "\(text)")
        #expect(text.contains("//     .package(url: \"\(Self.greeting)\", from: \"1.0.0\"),\n"), "\(text)")
        #expect(text.contains("//     .product(name: \"Greeting\", package: \"greeting\"),\n"), "\(text)")
        #expect(text.contains("\nimport Greeting\n"), "\(text)")

        // Replayed in a new process: the packages are added before the first statement, from the cache.
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "",
                                              environment: Self.environment(home))
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("Expected/greeting.txt"), encoding: .utf8)
        #expect(replayed.status == 0, "\(replayed.output)\(replayed.errorOutput)")
        let printed: [String] = replayed.output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("» ") }
        let compiled: [String] = expected.split(separator: "\n").map(String.init)
        #expect(printed == compiled, "\(replayed.output)")

        // With the results column: the whole snippet compiled with the playground transform, the
        // package's module imported as the statements import it.
        let column = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--results"], input: "",
                                            environment: Self.environment(home))
        #expect(column.status == 0, "\(column.output)\(column.errorOutput)")
        #expect(column.output.contains("  Hi, Ada!\n"), "\(column.output)")
        #expect(column.output.contains("  names = [\"Hi, Grace!\", \"Hi, Linus!\"]\n"), "\(column.output)")
    }

    @Test func aSecondSessionUsesTheCachedBuildWithoutBuilding() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let session = try Self.session("greeting")
        // Built (or already cached by another test of this run).
        _ = try await run(session.add + "\n", home: home)
        let cache = sharedCompilerCache.appendingPathComponent("workbench/packages")
        func logDates() throws -> [String: Date] {
            var dates: [String: Date] = [:]
            for key in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
                let log = cache.appendingPathComponent("\(key)/build.log").path
                dates[key] = try? FileManager.default.attributesOfItem(atPath: log)[.modificationDate] as? Date
            }
            return dates
        }
        let before = try logDates()
        let again = try await run("\(session.add)\npackage\n", home: home)
        #expect(again.status == 0, "\(again.output)\(again.errorOutput)")
        #expect(again.output.contains("added greeting 1.0.0: import Greeting"), "\(again.output)")
        #expect(!again.output.contains("built in"), "\(again.output)")
        #expect(again.output.contains("package add \(Self.greeting) from 1.0.0 products Greeting"), "\(again.output)")
        #expect(try logDates() == before, "a build ran again")
    }

    @Test func whatCannotBeAddedIsOneLineAndTheSessionGoesOn() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let unbuildable = Self.folder.appendingPathComponent("Unbuildable").path
        let input = """
            package add https://github.com/nobody-here/no-such-package
            package add \(Self.greeting) exact 9.9.9
            package add \(Self.greeting) from 1.0.0 products Farewell
            package add \(unbuildable)
            package
            import Algorithms
            import Combine
            print("still here")

            """
        let result = try await run(input, home: home)
        let lines = result.output.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 6, "\(result.output)")
        #expect(errors[0].hasPrefix("error: cannot read https://github.com/nobody-here/no-such-package's releases: "), "\(errors[0])")
        #expect(errors[1].contains("9.9.9") && errors[1].contains("(full log: "), "\(errors[1])")
        #expect(errors[2] == "error: greeting has no library product 'Farewell': its libraries are Greeting", "\(errors[2])")
        #expect(errors[3].contains("cannot find 'undeclaredAnswer' in scope") && errors[3].contains("(full log: "), "\(errors[3])")
        #expect(lines.contains("no packages: `package add URL` adds one (`help package`)"), "\(result.output)")
        #expect(errors[4] == "error: 1:8: no such module 'Algorithms'", "\(errors[4])")
        #expect(lines.contains("(Algorithms is in swift-algorithms: `package add https://github.com/apple/swift-algorithms`, then `import Algorithms`)"),
                "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("(Combine is Apple's and not on Linux; OpenCombine has its API") }, "\(result.output)")
        #expect(lines.last == "still here", "\(result.output)")
    }
}
