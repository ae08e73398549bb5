/// One `--option` of `replay` at the prompt: how the synopsis, the usage errors and completion
/// spell it, and what it sets in the `ReplayRequest`. `ReplayCommand` and
/// `ReplayRequest(words:)` derive theirs from `ReplayOption.all`, so each is written once, here.
/// `workbench replay` declares the same options for ArgumentParser
/// (`Sources/workbench/ReplayCommand.swift`), and both check them with `ReplayRequest.problem`.
struct ReplayOption: Sendable {
    enum Target: Sendable {
        case flag(WritableKeyPath<ReplayRequest, Bool> & Sendable)
        /// The value's word in the synopsis (`FILE`), what the error for a missing one says it
        /// needs, and where it goes.
        case value(String, needs: String, WritableKeyPath<ReplayRequest, String?> & Sendable)
    }

    let name: String
    let target: Target

    /// Every option, in the order the synopsis and the errors list them.
    static let all = [
        ReplayOption(name: "--step", target: .flag(\.step)),
        ReplayOption(name: "--check", target: .flag(\.check)),
        ReplayOption(name: "--results", target: .flag(\.results)),
        ReplayOption(name: "--dir", target: .value("DIR", needs: "a directory", \.directory)),
        ReplayOption(name: "--junit", target: .value("FILE", needs: "a file, as in `--junit report.xml`", \.junit)),
        ReplayOption(name: "--tap", target: .value("FILE", needs: "a file, as in `--tap report.tap`", \.tap)),
    ]

    /// `--dir DIR`, `--step`.
    var spelled: String {
        switch target {
        case .flag: name
        case .value(let word, _, _): name + " " + word
        }
    }

    /// `[--step] [--check] … [--tap FILE]`, for the synopsis.
    static var synopsis: String { all.map { "[\($0.spelled)]" }.joined(separator: " ") }

    /// `--step, --check, … and --tap FILE`, for the unknown option's error.
    static var list: String {
        all.dropLast().map(\.spelled).joined(separator: ", ") + (all.last.map { " and " + $0.spelled } ?? "")
    }
}
