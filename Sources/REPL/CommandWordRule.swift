import WorkbenchKit
import WorkbenchScript

/// Names before commands: a name the user's Swift declared (`let status = 200`, `var path = "/x"`,
/// `func history()`) is Swift wherever it starts an input, as in the code a tutorial pastes, and
/// `:NAME` always runs the command NAME. A command word nobody declared is the command, as before.
enum CommandWordRule {
    /// The rule in one line, for `help`.
    static let summary = "A name you declared in Swift wins over a command word; `:NAME` runs the command."

    /// The input without its leading `:` when it asks for a command (`:status`); nil otherwise.
    static func forcedCommand(_ input: String) -> String? {
        guard input.hasPrefix(":"), input.dropFirst().first?.isLetter == true else { return nil }
        return String(input.dropFirst())
    }

    /// The identifier an input starts with (`status` of `status + 1`).
    static func leadingName(_ input: String) -> String {
        String(input.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// Whether `input` reads as Swift: the parser takes it whole, with no error (`query userId=1`
    /// does not: two names side by side). What the parser must not be given is not.
    static func parsesAsSwift(_ input: String) -> Bool {
        (try? SwiftFile(guarded: input))?.hasError == false
    }
}

extension Session {
    /// The first time a bare word that is both a command and a name the user's Swift declared
    /// runs as Swift, one line says how to reach the command.
    func noteShadowedCommand(_ input: String) {
        let name = CommandWordRule.leadingName(input)
        if input == name, notedShadowedCommands.insert(name).inserted {
            console.line(console.styled("(`\(name)` is your Swift name here; `:\(name)` runs the command)", .dim))
        }
    }

    /// Whether an input that starts with a command word runs as Swift instead: the word is a name
    /// the user's Swift declared and the input is Swift. Asking changes nothing.
    func swiftNameShadowsCommand(_ input: String) -> Bool {
        let name = CommandWordRule.leadingName(input)
        guard !name.isEmpty, let runner = swiftRunner else { return false }
        return runner.declares(name) && CommandWordRule.parsesAsSwift(input)
    }
}
