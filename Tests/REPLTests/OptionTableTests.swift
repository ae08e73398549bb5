import Foundation
import TestSupport
@testable import REPL
import Testing
import WorkbenchKit

/// Each command's options are one table (`Command.options`; `Setting.all` for `set`): the synopsis,
/// help, completion and reading of every option come from it. The cases come from the tables, so
/// an option added to one is checked in each place at once.
@MainActor
@Suite struct OptionTableTests {
    let console = Console(capturingWithColors: false)

    func session() -> Session {
        let session = Session(console: console, isInteractive: false)
        // `set offline on` needs a sandbox; nothing is sent to it here.
        session.sandboxURL = URL(string: "http://127.0.0.1:1")
        return session
    }

    func command(_ name: String, in session: Session) throws -> any Command {
        try #require(session.commands.command(named: name))
    }

    @Test(arguments: Setting.all.map(\.name))
    func setSaysCompletesAndReadsEachSetting(_ name: String) async throws {
        let session = session()
        let set = try command("set", in: session)
        let setting = try #require(SetCommand.setting(named: name))
        #expect(set.summary.split(separator: " ").contains { $0.trimmingCharacters(in: [","]) == name })
        #expect(HelpCommand.lines(of: set).contains { $0.hasPrefix(name + " ") })
        #expect(set.complete([String(name.prefix(2))], session: session).contains(name))
        #expect(set.complete([name, ""], session: session) == setting.values)
        for value in setting.values + [setting.sample] {
            let input = "set \(name) \(value)"
            let statements = try #require(try session.commands.invocation(of: input)?.statements())
            #expect(statements.map(\.form) == (setting.form.map { [$0] } ?? []), "\(input)")
            #expect(await session.evaluate(input), "\(input): \(console.capturedText)")
            console.clearCaptured()
            #expect(await session.evaluate("set"))
            let listed = console.capturedText.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            // A value completion offers is listed as typed (on, off, 5, 6).
            if setting.values.contains(value) { #expect(listed?.hasSuffix(" " + value) == true, "\(input): \(listed ?? "")") }
            #expect(listed != nil, "\(input)")
            console.clearCaptured()
        }
    }

    /// The option and a value it takes: the first it completes, or for a free value (`--at PATH`)
    /// its placeholder itself, a number for a number's (`--frame N`).
    static func sampleWords(_ option: DecodeOption) -> [String] {
        guard let value = option.value else { return [option.name] }
        return [option.name, option.values.first ?? (value == "N" ? "1" : value)]
    }

    @Test(arguments: DecodeOption.all.map(\.name))
    func decodeSaysCompletesAndReadsEachOption(_ name: String) throws {
        let session = session()
        let decode = try command("decode", in: session)
        let option = try #require(DecodeOption.all.first { $0.name == name })
        #expect(decode.synopsis.contains("[\(name)"))
        #expect(DecodeArguments.usage.contains("[\(name)"))
        #expect(HelpCommand.lines(of: decode).contains { $0.hasPrefix("  \(name) ") })
        #expect(decode.complete(["Post", String(name.prefix(3))], session: session).contains(name))
        if !option.values.isEmpty { #expect(decode.complete(["Post", name, ""], session: session) == option.values) }
        let words = Self.sampleWords(option)
        let plain = try DecodeArguments.parse("Post")
        #expect(try DecodeArguments.parse("Post " + words.joined(separator: " ")) != plain, "\(words)")
        for value in option.values {
            // Typed as the usage spells it, with its placeholder for a further word: `formatted FORMAT`.
            let typed = option.valueInUsage?.split(separator: "|").first { $0.split(separator: " ").first.map(String.init) == value }
            #expect(throws: Never.self) { try DecodeArguments.parse("Post \(name) \(typed.map(String.init) ?? value)") }
        }
    }

    @Test(arguments: DecodeOption.infer.map(\.name))
    func inferSaysCompletesAndReadsEachOption(_ name: String) async throws {
        let session = session()
        let infer = try command("infer", in: session)
        let option = try #require(DecodeOption.infer.first { $0.name == name })
        #expect(infer.synopsis.contains("[\(name)"))
        #expect(HelpCommand.lines(of: infer).contains { $0.hasPrefix("  \(name) ") })
        #expect(infer.complete(["User", String(name.prefix(3))], session: session).contains(name))
        if !option.values.isEmpty { #expect(infer.complete(["User", name, ""], session: session) == option.values) }
        // The document has a member named PATH, the sample of `--at PATH`.
        #expect(await session.evaluate(#"json {"PATH": {"first_name": "Ada"}}"#))
        let input = "infer User " + Self.sampleWords(option).joined(separator: " ")
        #expect(await session.evaluate(input), "\(input): \(console.capturedText)")
    }

    /// infer takes only its own options of the table, with decode's words for a mistake.
    @Test func inferRefusesDecodesOtherOptions() async throws {
        let session = session()
        for option in DecodeOption.all where option.inferHelp == nil {
            console.clearCaptured()
            #expect(await !session.evaluate("infer User \(option.name)"))
            #expect(console.capturedText.hasPrefix("error: unknown option '\(option.name)'; usage: infer NAME "), "\(console.capturedText)")
        }
    }

    @Test(arguments: ReplayOption.all.map(\.option.name))
    func replayReadsEachOptionIntoItsRequest(_ name: String) throws {
        let option = try #require(ReplayOption.all.first { $0.option.name == name })
        switch option.target {
        case .flag(let flag):
            #expect(try ReplayRequest(words: ["a", name])[keyPath: flag])
            #expect(try !ReplayRequest(words: ["a"])[keyPath: flag])
        case .value(let value):
            #expect(try ReplayRequest(words: ["a", name, "x"])[keyPath: value] == "x")
            let thrown = #expect(throws: UsageError.self) { try ReplayRequest(words: ["a", name]) }
            #expect(thrown?.description.hasPrefix("\(name) needs a value (\(option.option.value ?? "")), as in `replay ") == true,
                    "\(thrown?.description ?? "")")
        }
    }

    /// Words a command needs before an option for the option to be read as one (decode's type,
    /// export's document).
    static let operandsBefore = ["decode": "Post", "infer": "User", "export": "playground lesson"]
    /// The commands whose options `DecodeOption.read` reads, not `OptionWords`.
    static let ownReaders: Set = ["decode", "infer"]

    /// Every command's declared options (`Command.options`), from the table itself: the synopsis
    /// spells each, `help NAME` lists it, Tab offers it after `--` and its values after it, the
    /// command run with it never calls it unknown, a value missing is one line saying so, two that
    /// exclude each other are refused, and an option it lacks is refused naming every one it takes.
    /// What a command writes goes into a folder of the test's (`--dir`).
    @Test func everyCommandSaysCompletesAndReadsEachOptionItDeclares() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let session = session()
        let declaring = session.commands.commands.filter { !$0.options.isEmpty }
        #expect(declaring.count >= 15, "\(declaring.map(\.name))")
        for command in declaring {
            let name = command.name
            let before = Self.operandsBefore[name].map { $0 + " " } ?? ""
            let help = HelpCommand.lines(of: command)
            let intoFolder = command.options.contains { $0.name == "--dir" } ? " --dir " + folder.url.path : ""
            for (index, option) in command.options.enumerated() {
                #expect(command.synopsis.contains(option.spelled), "\(name): \(command.synopsis)")
                let line = help.first { $0.hasPrefix("  \(option.spelled) ") && $0.hasSuffix(option.help) }
                #expect(line != nil, "\(name) \(option.name): \(help)")
                // `help` indents the page by two more: within 100 columns.
                #expect((line?.count ?? 0) <= 98, "\(name): \(line ?? "")")
                #expect(session.completions(before: "\(name) \(before)--").contains(option.name), "\(name) \(option.name)")
                if !option.values.isEmpty {
                    #expect(session.completions(before: "\(name) \(before)\(option.name) ") == option.values, "\(name) \(option.name)")
                }
                if let excluded = option.excludes {
                    // What it excludes is declared before it and excludes nothing itself: the synopsis shows the two as one.
                    #expect(command.options.prefix(index).contains { $0.name == excluded && $0.excludes == nil }, "\(name) \(option.name)")
                }
                let value = option.value.map { $0 == "DIR" ? folder.url.path : option.values.first ?? $0 }
                let input = "\(name) \(before)\(option.name)" + (value.map { " " + $0 } ?? "") + (option.name == "--dir" ? "" : intoFolder)
                console.clearCaptured()
                _ = await session.evaluate(input)
                #expect(!console.capturedText.contains("unknown option"), "\(input): \(console.capturedText)")
                if option.value != nil, !Self.ownReaders.contains(name) {
                    console.clearCaptured()
                    #expect(await !session.evaluate("\(name) \(before)\(option.name)"))
                    #expect(console.capturedText.hasPrefix("error: \(option.name) needs a value (\(option.value ?? ""))"), "\(name): \(console.capturedText)")
                }
            }
            for option in command.options {
                guard let excluded = command.options.first(where: { $0.name == option.excludes }) else { continue }
                let both = [excluded, option].map { "\($0.name) \($0.values.first ?? "1")" }.joined(separator: " ")
                console.clearCaptured()
                #expect(await !session.evaluate("\(name) \(before)\(both)"))
                #expect(console.capturedText == "error: \(excluded.name) and \(option.name) cannot go together: give one\n", "\(name)")
            }
            console.clearCaptured()
            #expect(await !session.evaluate("\(name) \(before)--no-such-option"))
            let refusal = console.capturedText
            #expect(refusal.hasPrefix("error: unknown option '--no-such-option'") || name == "cookies", "\(name): \(refusal)")
            for option in command.options { #expect(refusal.contains(option.name), "\(name): \(refusal)") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath).allSatisfy { !$0.hasPrefix("lesson") })
    }

    /// A value that starts with `--` is given after `=`; a bare `--` is no option a command has.
    @Test func aValueAfterEqualsAndABareDoubleDash() throws {
        let save = [CommandOption("--dir", value: "DIR", help: ""), CommandOption("--force", help: "")]
        let read = try OptionWords(["a", "--dir=--draft", "b"], options: save, command: "save")
        #expect(read.operands == ["a", "b"] && read.value(save[0]) == "--draft" && !read.has(save[1]))
        for (words, refusal) in [(["--force=yes"], "--force takes no value"),
                                 (["a", "--"], "unknown option '--' (save takes --dir DIR and --force)"),
                                 (["--dir", "a", "--dir", "b"], "save takes one --dir")] {
            let thrown = #expect(throws: UsageError.self) { try OptionWords(words, options: save, command: "save") }
            #expect(thrown?.description == refusal)
        }
    }
}
