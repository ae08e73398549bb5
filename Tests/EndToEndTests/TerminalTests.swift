import Foundation
import TestSupport
import Testing

/// The real `workbench` binary driven through a pseudo-terminal, as a person uses it.
@Suite(.serialized) struct TerminalTests {
    @Test func tabCompletesACommandName() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            let mark = terminal.mark
            terminal.type("hel\t")
            // libedit redraws the line, so the completed word shows as "hel", then "p ".
            try await terminal.waitFor("p ", after: mark)
            terminal.type("\r")
            try await terminal.waitFor("`help NAME` shows a command's usage", after: mark)
        }
    }

    /// Swift on the compiled path at a terminal: a trap, a compile error and Ctrl-C on a runaway
    /// loop are each one line, and the next input still sees the earlier values.
    @Test func aTrapACompileErrorAndCtrlCLeaveTheSessionIntact() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("let numbers = [1, 2, 3].map { $0 * 10 }\r")
            try await terminal.waitFor("[10, 20, 30]")
            var mark = terminal.mark
            terminal.type("numbers[7]\r")
            try await terminal.waitFor("Fatal error: Index out of range", after: mark)
            mark = terminal.mark
            terminal.type("numbers.nope\r")
            // The one error line, then the line typed and a caret under the column, as swiftc shows them.
            try await terminal.waitFor("error: 1:9: value of type '[Int]' has no member 'nope'\r\n  numbers.nope\r\n          ^\r\n", after: mark)
            mark = terminal.mark
            terminal.type("print(\"spinning\"); while true {}\r")
            try await terminal.waitFor("spinning\r\n", after: mark)
            terminal.type("\u{3}")
            try await terminal.waitFor("error: interrupted", after: mark)
            mark = terminal.mark
            terminal.type("numbers.reduce(0, +)\r")
            try await terminal.waitFor("numbers.reduce(0, +): Int\r\n60", after: mark)
        }
    }

    /// At a terminal as piped: a value made by chance shows the same in later inputs, and Ctrl-C in
    /// a loop that never returns stops it where its own code runs: the prompt is back at once, the
    /// Swift host goes on, and every earlier value is as it was (no rebuild ran the inputs again).
    @Test func aValueKeepsItsValueAndCtrlCStopsARunawayLoopWithoutARebuild() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            var mark = terminal.mark
            terminal.type("let r = Int.random(in: 1_000_000...9_999_999)\r")
            let shown = try await terminal.waitFor("r: Int\r\n", after: mark)
            let value = try #require(shown.components(separatedBy: "r: Int\r\n").last.map { String($0.prefix(7)) })
            try #require(Int(value) != nil, "no value after the summary line: \(shown)")
            mark = terminal.mark
            terminal.type("let id = UUID()\r")
            let shownID = try await terminal.waitFor("id: UUID\r\n", after: mark)
            try await terminal.waitForPrompt(after: mark)
            let id = try #require(terminal.output.components(separatedBy: "id: UUID\r\n").last.map { String($0.prefix(36)) })
            try #require(UUID(uuidString: id) != nil, "no UUID after the summary line: \(shownID)")
            mark = terminal.mark
            terminal.type("[r].map { $0 + 0 }[0]\r")
            try await terminal.waitFor("[r].map { $0 + 0 }[0]: Int\r\n\(value)", after: mark)
            for loop in ["var spins = 0; while spins >= 0 { spins &+= 1 }", "var lines = 0; while true { lines += 1; print(lines) }"] {
                mark = terminal.mark
                terminal.type("print(\"spinning\"); \(loop)\r")
                try await terminal.waitFor("spinning\r\n", after: mark)
                terminal.type("\u{3}")
                try await terminal.waitFor("error: interrupted\r\n", after: mark)
                // The line editor reads keys again: the prompt is back.
                try await terminal.waitForRawMode()
                // A loop the host could not stop would be ended with the host, and the host rebuilt.
                #expect(!String(decoding: Array(terminal.output.utf8).dropFirst(mark), as: UTF8.self).contains("rebuilt"))
            }
            mark = terminal.mark
            terminal.type("print(r, id)\r")
            try await terminal.waitFor("\(value) \(id)\r\n", after: mark)
        }
    }

    /// Work an input left running goes on between inputs until Ctrl-C at an empty prompt (or
    /// `stop`) stops it, with one line saying what it stopped.
    @Test func ctrlCAtAnEmptyPromptStopsTheWorkInputsLeftRunning() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            var mark = terminal.mark
            terminal.type("Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { _ in print(\"tick\") }\r")
            try await terminal.waitFor("tick\r\n", after: mark)
            try await terminal.waitForRawMode()
            mark = terminal.mark
            terminal.type("\u{3}")
            try await terminal.waitFor("stopped 1 timer\r\n", after: mark)
            mark = terminal.mark
            try await Task.sleep(for: .milliseconds(600))
            #expect(!String(decoding: Array(terminal.output.utf8).dropFirst(mark), as: UTF8.self).contains("tick"))
            terminal.type("stop\r")
            try await terminal.waitFor("nothing was left running\r\n", after: mark)
        }
    }

    /// A REPL killed outright (SIGKILL, no chance to clean up) leaves no runaway program behind.
    @Test func aProgramDoesNotOutliveAKilledREPL() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            terminal.type("var turns = 0; while turns >= 0 { turns += 1; if turns == 1 { print(\"spinning\") } }\r")
            try await terminal.waitFor("spinning\r\n")
            // The program that printed is the REPL's child until the REPL dies.
            let programs = ChildProcesses.of(terminal.processID)
            try #require(!programs.isEmpty, "no child process found running the input")
            kill(terminal.processID, SIGKILL)
            _ = try await terminal.waitForExit()
            let deadline = ContinuousClock.now + .seconds(20)
            while programs.contains(where: ChildProcesses.isRunning), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(!programs.contains(where: ChildProcesses.isRunning), "the program kept running after the REPL was killed")
            for program in programs { kill(program, SIGKILL) }
        }
    }

    /// SIGTERM and SIGHUP (`kill`, `timeout`, a closed terminal) end the REPL as before, but the
    /// compile it started, in a process group of its own that the signal never reaches, ends with
    /// it, and the session's private directory is removed as at exit.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aCompileDoesNotOutliveAnEndedREPL(signal: Int32) async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            // 500 terms keep the compiler busy for minutes (300 took 9 s here), far longer than the
            // wait below; the REPL compiles the input with swift-frontend, its direct child (the
            // warm-up runs through the driver).
            terminal.type("let sum = 1" + String(repeating: " + 1", count: 500) + "\r")
            let deadline = ContinuousClock.now + .seconds(60)
            var compilers: [pid_t] = []
            // The session's private directory, where the compiler reads the input from: a compiler
            // that ended before its arguments were read (on a busy machine) is looked past.
            var input: Substring?
            while input == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                compilers = ChildProcesses.of(terminal.processID).filter(ChildProcesses.isRunning).filter { pid in
                    (try? ProcFile.text("/proc/\(pid)/comm")) == "swift-frontend\n"
                }
                input = compilers.lazy.compactMap { compiler in
                    ((try? ProcFile.text("/proc/\(compiler)/cmdline")) ?? "").split(separator: "\0").first { $0.contains("/prompt-") && $0.hasSuffix(".swift") }
                }.first
            }
            defer { for compiler in compilers { kill(compiler, SIGKILL) } }
            let compiled = try #require(input, "no compiler was started for the input")
            let directory = URL(fileURLWithPath: String(compiled)).deletingLastPathComponent().path
            try #require(FileManager.default.fileExists(atPath: directory))
            kill(terminal.processID, signal)
            #expect(try await terminal.waitForExit() == 128 + signal)
            let ending = ContinuousClock.now + .seconds(10)
            while compilers.contains(where: ChildProcesses.isRunning), ContinuousClock.now < ending {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(!compilers.contains(where: ChildProcesses.isRunning), "the compiler kept running after the REPL ended")
            // Removed as the REPL ends, and once more just after (a thread may still have written).
            while FileManager.default.fileExists(atPath: directory), ContinuousClock.now < ending {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(!FileManager.default.fileExists(atPath: directory), "the session's directory was left behind")
        }
    }

    /// Tab completes a bound name, then a model's members after `.`.
    @Test func tabCompletesBoundNamesAndMembers() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("json {\"title\": \"Pilot\", \"rating\": 4}\r")
            try await terminal.waitFor("current body")
            terminal.type("struct Show: Codable { let title: String; let rating: Int }\r")
            try await terminal.waitFor("defined Show (2 properties)")
            terminal.type("let pilot = decode Show\r")
            try await terminal.waitFor("Show(title: \"Pilot\", rating: 4)")
            try await terminal.waitForRawMode()
            let mark = terminal.mark
            terminal.type("pil\t")
            try await terminal.waitFor("ot ", after: mark)
            terminal.type("\u{8}.ra\t")
            try await terminal.waitFor("ting ", after: mark)
            terminal.type("\r")
            try await terminal.waitFor("pilot.rating: Int", after: mark)
        }
    }

    @Test func tabListsSeveralMatches() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            let mark = terminal.mark
            terminal.type("help \t")
            // Several commands match an empty word: they are listed under the line.
            try await terminal.waitFor("exit", after: mark)
            try await terminal.waitFor("quit", after: mark)
            terminal.type("\u{3}quit\r")
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func upArrowRecallsThePreviousLine() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("help quit\r")
            try await terminal.waitFor("leave Workbench")
            try await terminal.waitForRawMode()
            let mark = terminal.mark
            terminal.type("\u{1B}[A")
            try await terminal.waitFor("help quit", after: mark)
            terminal.type("\r")
            try await terminal.waitFor("leave Workbench", after: mark)
        }
    }

    /// Ctrl-R on an empty line searches backwards as each key is typed, as bash does; Enter runs
    /// the line found (the typed text is the search, never appended to a recalled line).
    @Test func ctrlRSearchesTheHistoryIncrementally() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("help quit\r")
            try await terminal.waitFor("leave Workbench")
            try await terminal.waitForRawMode()
            terminal.type("help save\r")
            try await terminal.waitFor("Snippets/NAME.swift")
            try await terminal.waitForRawMode()
            let mark = terminal.mark
            terminal.type("\u{12}")
            terminal.type("qu")
            try await terminal.waitFor("help quit", after: mark)
            terminal.type("\r")
            let after = try await terminal.waitFor("leave Workbench", after: mark)
            #expect(!after.contains("unknown command"))
        }
    }

    /// At a terminal, `base`, `path`, `query` and `header` echo the URL they leave (dimmed).
    @Test func buildCommandsEchoTheURL() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            var mark = terminal.mark
            terminal.type("base sandbox/httpbin\r")
            // The URL, not the typed line (which the terminal echoes as "base sandbox/httpbin").
            try await terminal.waitFor("http://127.0.0.1:", after: mark)
            try await terminal.waitFor("/httpbin\r\n", after: mark)
            mark = terminal.mark
            terminal.type("path /get\r")
            try await terminal.waitFor("/httpbin/get\r\n", after: mark)
            mark = terminal.mark
            terminal.type("query q=sunflowers q+=cat\r")
            try await terminal.waitFor("/httpbin/get?q=sunflowers&q=cat\r\n", after: mark)
            mark = terminal.mark
            terminal.type("query q=dog\r")
            try await terminal.waitFor("/httpbin/get?q=dog\r\n", after: mark)
            mark = terminal.mark
            terminal.type("query\r")
            let listing = try await terminal.waitFor("q=dog\r\n", after: mark)
            #expect(!listing.contains("http://"))
        }
    }

    /// A body cut at `body-lines` ends with how to see the rest.
    @Test func aCutBodySaysHowToSeeTheRest() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("set body-lines 3\r")
            try await terminal.waitForRawMode()
            terminal.type("base sandbox/jsonplaceholder\r")
            try await terminal.waitFor("/jsonplaceholder\r\n")
            try await terminal.waitForRawMode()
            let mark = terminal.mark
            terminal.type("get /posts/1\r")
            let shown = try await terminal.waitFor("more lines · `body --all` shows them\r\n", after: mark)
            #expect(shown.contains("HTTP 200 OK"))
        }
    }

    @Test func ctrlCClearsTheLineAndKeepsRunning() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            terminal.type("help qu")
            try await terminal.waitFor("help qu")
            let mark = terminal.mark
            terminal.type("\u{3}")
            try await terminal.waitForPrompt(after: mark)
            #expect(terminal.isRunning)
            // The half-typed text is gone: what runs now is only what is typed next.
            terminal.type("help help\r")
            let after = try await terminal.waitFor("explain one", after: mark)
            #expect(!after.contains("error"))
        }
    }

    @Test func ctrlCTypedAheadActsInOrder() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ async throws in
            // `throws` spelled out: the closure's only `try` is inside `#expect`, which inference does not see.
            terminal.type("help qu\u{3}quit\r")
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func utf8InputIsIntact() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            let mark = terminal.mark
            // ☕ is an operator character in Swift: a line ending in it waits for its operand, as `1 +` does.
            terminal.type("café ☕️ au lait\r")
            try await terminal.waitFor("unknown command 'café'", after: mark)
        }
    }

    @Test func ctrlDOnAnEmptyLineExitsWithZero() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ async throws in
            // `throws` spelled out: the closure's only `try` is inside `#expect`, which inference does not see.
            terminal.type("\u{4}")
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func multiLineInputShowsTheContinuationPrompt() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            let mark = terminal.mark
            terminal.type("json {\r")
            try await terminal.waitForPrompt("... ", after: mark)
            terminal.type("}\r")
            try await terminal.waitFor("current body: an object with 0 members", after: mark)
        }
    }

    @Test func thePromptIsColouredOnATerminalUnlessNoColorIsSet() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench, environment: isolatedEnvironment(home: home.url))
        try await terminal.waitForPrompt("\u{1B}[36mwb>\u{1B}[0m ")
        terminal.type("\u{4}")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func historySurvivesARestart() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let first = try await PseudoTerminal.workbench(home: home.url)
        first.type("help help\r")
        try await first.waitFor("explain one")
        try await first.waitForRawMode()
        first.type("\u{4}")
        #expect(try await first.waitForExit() == 0)

        let second = try await PseudoTerminal.workbench(home: home.url)
        let mark = second.mark
        second.type("\u{1B}[A")
        try await second.waitFor("help help", after: mark)
        second.type("\u{3}\u{4}")
        #expect(try await second.waitForExit() == 0)
        let file = home.url.appendingPathComponent("state/workbench/history")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
