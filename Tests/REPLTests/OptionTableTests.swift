import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// The commands whose options are one table (`Setting.all` for `set`, `DecodeOption.all` for
/// `decode` and `infer`, `ReplayOption.all` for `replay`) say, complete and read every option of it. The cases come from the tables,
/// so an option added to one is checked in each place at once.
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
    /// its placeholder itself.
    static func sampleWords(_ option: DecodeOption) -> [String] {
        guard let value = option.value else { return [option.name] }
        return [option.name, option.values.first ?? value]
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

    @Test(arguments: ReplayOption.all.map(\.name))
    func replaySaysCompletesAndReadsEachOption(_ name: String) throws {
        let session = session()
        let replay = try command("replay", in: session)
        let option = try #require(ReplayOption.all.first { $0.name == name })
        #expect(replay.synopsis.contains("[\(option.spelled)]"))
        // replay's help is prose: it names each option as the synopsis spells it.
        #expect(HelpCommand.lines(of: replay).joined(separator: " ").contains(option.spelled))
        #expect(replay.complete([String(name.prefix(3))], session: session).contains(name))
        switch option.target {
        case .flag(let flag):
            #expect(try ReplayRequest(words: ["a", name])[keyPath: flag])
        case .value(_, let needs, let value):
            #expect(try ReplayRequest(words: ["a", name, "x"])[keyPath: value] == "x")
            let thrown = #expect(throws: UsageError.self) { try ReplayRequest(words: ["a", name]) }
            #expect(thrown?.description == "\(name) needs \(needs)")
        }
    }
}
