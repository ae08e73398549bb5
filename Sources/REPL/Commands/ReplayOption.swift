/// One `--option` of `replay`: its declaration (`CommandOption`, which the synopsis, help, the
/// usage errors and completion read) and what it sets in the `ReplayRequest`. `ReplayCommand` and
/// `ReplayRequest(words:)` derive theirs from `ReplayOption.all`, so each is written once, here.
/// `workbench replay` declares the same options for ArgumentParser, with this help
/// (`Sources/workbench/ReplayCommand.swift`), and both check them with `ReplayRequest.problem`.
public struct ReplayOption: Sendable {
    enum Target: Sendable {
        case flag(WritableKeyPath<ReplayRequest, Bool> & Sendable)
        case value(WritableKeyPath<ReplayRequest, String?> & Sendable)
    }

    let option: CommandOption
    let target: Target

    /// Every option, in the order the synopsis and the errors list them.
    static let all = [
        ReplayOption(option: CommandOption("--step", help: "wait for Enter before each statement; q stops"), target: .flag(\.step)),
        ReplayOption(option: CommandOption("--check", help: "stop at the first failing statement (the exit status is 1 whenever one failed)"),
                     target: .flag(\.check)),
        ReplayOption(option: CommandOption("--results", help: "show the source with each line's last value beside it, as a playground does"),
                     target: .flag(\.results)),
        ReplayOption(option: CommandOption("--dir", value: "DIR", example: "borders --dir ~/talks", help: "the snippets folder (default: ./Snippets)"),
                     target: .value(\.directory)),
        ReplayOption(option: CommandOption("--junit", value: "FILE", example: "Snippets/*.swift --junit report.xml",
                                           help: "write a JUnit XML report of the run to FILE (one test case per snippet)"),
                     target: .value(\.junit)),
        ReplayOption(option: CommandOption("--tap", value: "FILE", example: "Snippets/*.swift --tap report.tap",
                                           help: "write a TAP report of the run to FILE"),
                     target: .value(\.tap)),
    ]

    /// The help of the option named `name`, for `workbench replay --help`.
    public static func help(_ name: String) -> String {
        guard let option = all.first(where: { $0.option.name == name }) else { preconditionFailure("replay has no option \(name)") }
        return option.option.help
    }
}
