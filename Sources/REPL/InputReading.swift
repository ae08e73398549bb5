import WorkbenchKit

/// What one input is, decided once and handed to everything that asks: the continuation rules
/// (whether another line follows), history (whether to mask secrets), the run and the exports'
/// record. The command table is asked once per line read, not once by each of them.
struct InputReading {
    enum Kind {
        /// A command, typed as itself or after `:` (`:status`).
        case command(CommandInvocation)
        /// `:word` where no command is named `word`.
        case unknownCommand(String)
        /// Anything else, which runs as Swift (or is a mistyped command when it is not Swift).
        case swift
    }

    /// The input, trimmed.
    let input: String
    let kind: Kind
    /// Whether it starts with a name the user's Swift declared that is also a command word, so
    /// that it runs as Swift (`CommandWordRule`).
    let swiftNameShadowsCommand: Bool

    var invocation: CommandInvocation? {
        if case .command(let invocation) = kind { return invocation }
        return nil
    }
}

extension Session {
    /// The reading of `text`: the one made last when it was of the same input (the reader's, for
    /// its continuation rule, before history and the run ask), else a new one.
    func reading(of text: String) -> InputReading {
        let input = text.trimmingWhitespace()
        if let last = lastReading, last.input == input { return last }
        let reading: InputReading
        if let forced = CommandWordRule.forcedCommand(input) {
            let word = String(forced.prefix { !$0.isWhitespace })
            reading = InputReading(input: input, kind: commands.invocation(of: forced).map { .command($0) } ?? .unknownCommand(word),
                                   swiftNameShadowsCommand: false)
        } else if let invocation = commands.invocation(of: input) {
            let shadowed = swiftNameShadowsCommand(input)
            reading = InputReading(input: input, kind: shadowed ? .swift : .command(invocation), swiftNameShadowsCommand: shadowed)
        } else {
            reading = InputReading(input: input, kind: .swift, swiftNameShadowsCommand: false)
        }
        lastReading = reading
        return reading
    }
}
