import WorkbenchKit
import WorkbenchScript

/// One setting `set` knows: its name, how its value is typed, its help, how the listing reads it
/// and what a value does. `SetCommand` derives its summary, help, completion, listing and parsing
/// from `Setting.all`, so each setting is written once, here.
struct Setting: Sendable {
    let name: String
    /// Help's text beside the name; each further line goes under the first.
    let help: String
    /// What completion offers after the name: on/off, 5/6; nothing for a number or a size.
    let values: [String]
    /// A value it takes, which `Tests/REPLTests/OptionTableTests.swift` sets each setting to.
    let sample: String
    /// The form of the statement it stands for; nil for a setting of the REPL's own.
    let form: StatementForm?
    /// The listing's text for the session's value.
    let current: @MainActor @Sendable (Session) -> String
    /// What a typed value does; a one-line `UsageError` naming the setting when it is not one.
    let effect: @Sendable (String) throws -> Effect

    enum Effect {
        /// A `Workbench` property: the session runs it as a statement, so `save` writes it
        /// (`wb.timeout = 5.0`).
        case statement(WorkbenchStatement)
        /// The REPL's own state, changed on the session: a snippet does not hold it.
        case session(@MainActor (Session) throws -> Void)
    }
}

extension Setting {
    /// Every setting, in the order help and the listing show them.
    static let all: [Setting] = [
        Setting("timeout", .seconds, form: .timeout, help: "seconds a whole request may take (default 30)",
                current: { $0.workbench.timeout }, statement: { .timeout($0) }),
        Setting("redirects", .onOff, form: .followRedirects, help: "whether 3xx redirects are followed (default on)",
                current: { $0.workbench.followRedirects }, statement: { .followRedirects($0) }),
        Setting("body-lines", .wholeNumber(zero: "0 shows the status line only"), form: .bodyLines, help: """
                body lines shown before `… N more lines` (default 40); 0 shows
                a response's status line only (`body` then shows 40 lines)
                """, current: { $0.workbench.bodyLines }, statement: { .bodyLines($0) }),
        Setting("max-body", .size, form: .maxBody, help: """
                the largest response body kept, counted after decompression, and
                the largest file `json @FILE` / `body @FILE` read (default 256MB;
                sizes like 64KB, 10MB, 1GB); a larger one stops with one line
                """, current: { $0.workbench.maxBodyBytes }, statement: { .maxBody($0) }),
        Setting("color", .onOff, form: .colors, help: "colours on a terminal (off with NO_COLOR)",
                current: { $0.console.colors }, statement: { .colors($0) }),
        Setting("images", .images, help: """
                how an image body (PNG, JPEG, GIF) shows at a terminal with colours:
                auto (the terminal is asked: kitty, iterm, sixel or blocks), one of
                those, or off (its one line only, as piped output shows it)
                """, current: { session in
                    let display = session.console.imageDisplay
                    guard display == .detect, let found = session.console.detectedGraphics else { return display }
                    return .drawn(found)
                }, apply: { session, display in
                    session.console.imageDisplay = display
                    session.console.detectedGraphics = nil
                }),
        Setting("offline", .onOff, help: """
                whether the real hosts of the sandbox's APIs are answered by the
                sandbox (as `workbench --offline`); URLs stay as typed
                """, current: { $0.offline }, apply: { session, offline in
                    if offline && session.sandboxURL == nil {
                        throw UsageError("offline mode needs the sandbox, which is not running (--no-sandbox?)")
                    }
                    session.offline = offline
                }),
        Setting("results", .onOff, help: """
                whether Swift of several lines (a loop, a function and its call), or
                a loop on one line, is shown again with each line's values beside
                it, as in a playground
                """, current: { $0.resultsColumn }, apply: { session, on in
                    session.resultsColumn = on
                    // Nothing else shows until an input the column is for: say what changed.
                    session.console.line(session.console.styled(on
                        ? "results column on: Swift of several lines, or a loop, is shown again with each line's values"
                        : "results column off", .dim))
                }),
        Setting("swift", .languageMode, help: """
                the language mode Swift compiles in: 5 (the default, as in a
                playground and `swiftc`) or 6 (Swift 6's concurrency checking)
                """, current: { $0.languageMode }, apply: { session, mode in
                    session.languageMode = mode
                    session.console.line(session.console.styled("Swift \(mode.version) language mode from the next input", .dim))
                }),
    ]

    /// A `Workbench` property, set by a statement of `form` so that `save` writes it.
    init<Value: Sendable>(_ name: String, _ kind: SettingKind<Value>, form: StatementForm, help: String,
                          current: @escaping @MainActor @Sendable (Session) -> Value,
                          statement: @escaping @Sendable (Value) -> WorkbenchStatement) {
        self.init(name: name, help: help, values: kind.values, sample: kind.sample, form: form,
                  current: { kind.text(current($0)) }, effect: { .statement(statement(try kind.read($0, name))) })
    }

    /// The REPL's own, changed on the session by `apply`.
    init<Value: Sendable>(_ name: String, _ kind: SettingKind<Value>, help: String,
                          current: @escaping @MainActor @Sendable (Session) -> Value,
                          apply: @escaping @MainActor @Sendable (Session, Value) throws -> Void) {
        self.init(name: name, help: help, values: kind.values, sample: kind.sample, form: nil, current: { kind.text(current($0)) },
                  effect: { word in
                      let value = try kind.read(word, name)
                      return .session { try apply($0, value) }
                  })
    }
}
