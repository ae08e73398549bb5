import WorkbenchKit

/// `set [SETTING VALUE]`: a setting changed, or all of them listed. Everything it says about a
/// setting comes from `Setting.all` (`Setting.swift`).
struct SetCommand: StatementCommand {
    let forms = Setting.all.compactMap(\.form)
    let name = "set"
    let synopsis = "set [OPTION VALUE]"
    let summary = "change a setting: " + Setting.all.map(\.name).joined(separator: ", ")
    let group = CommandGroup.misc
    let help = Setting.all.map(Self.helpLines).joined(separator: "\n") + "\n" + """
        Without arguments, lists the settings.

        Examples:
          wb> set timeout 5
          wb> set body-lines 0
          wb> set redirects off
          wb> set max-body 1GB
          wb> set offline on
          wb> set swift 6
        """

    /// The names' column in help and in the listing: the longest name and two spaces.
    private static let column = (Setting.all.map(\.name.count).max() ?? 0) + 2

    private static func padded(_ name: String) -> String {
        name + String(repeating: " ", count: max(column - name.count, 1))
    }

    private static func helpLines(_ setting: Setting) -> String {
        setting.help.split(separator: "\n").enumerated().map { index, line in
            (index == 0 ? padded(setting.name) : String(repeating: " ", count: column)) + line
        }.joined(separator: "\n")
    }

    static func setting(named name: String) -> Setting? {
        Setting.all.first { $0.name == name }
    }

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last else { return [] }
        if words.count == 1 { return RequestCompletion.matching(last, Setting.all.map(\.name)) }
        if words.count == 2, let setting = Self.setting(named: words[0]) { return RequestCompletion.matching(last, setting.values) }
        return []
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        guard !words.isEmpty else {
            for setting in Setting.all { session.console.line(Self.padded(setting.name) + setting.current(session)) }
            return
        }
        switch try Self.effect(of: words) {
        case .statement(let statement): try await session.perform([statement])
        case .session(let apply): try apply(session)
        }
    }

    /// The `Workbench` settings' statements; none for the REPL's own (`offline`, `results`,
    /// `swift`), which a snippet does not hold.
    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        guard case .statement(let statement) = try Self.effect(of: try Arguments.split(arguments)) else { return [] }
        return [statement]
    }

    /// What a setting's name and a value do.
    private static func effect(of words: [String]) throws -> Setting.Effect {
        guard words.count == 2 else { throw UsageError("set takes an option and a value, as in `set timeout 5`") }
        guard let setting = setting(named: words[0]) else {
            throw UsageError("unknown setting '\(words[0])' — set knows \(Setting.all.map(\.name).joined(separator: ", "))")
        }
        return try setting.effect(words[1])
    }
}
