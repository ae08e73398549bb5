/// One `--option` of a command, declared once in the command's `options`: the synopsis, `help`'s
/// list of options, Tab completion, the reading of the words and the usage errors all come from
/// it, so adding an option is adding one of these (README, "Adding a command").
public struct CommandOption: Sendable {
    /// `--dir`.
    public let name: String
    /// The value's word (`DIR`); nil for a flag.
    public let value: String?
    /// The words after the command's name in the example the usage error for a missing value
    /// shows (`borders --dir ~/talks`).
    public let example: String?
    /// What Tab offers after the option; nothing where the value is free text.
    public let values: [String]
    /// Its line in `help NAME`.
    public let help: String
    /// An option declared before it that it cannot go with: the synopsis shows the two as
    /// `[--steps LIST | --from N]`.
    public let excludes: String?

    public init(_ name: String, value: String? = nil, example: String? = nil, values: [String] = [],
                excludes: String? = nil, help: String) {
        (self.name, self.value, self.example, self.values, self.excludes, self.help) = (name, value, example, values, excludes, help)
    }

    /// `--dir DIR`, `--force`.
    public var spelled: String { value.map { name + " " + $0 } ?? name }
}

extension [CommandOption] {
    /// `[--steps LIST | --from N] [--dir DIR] [--force]`: one bracket each, an option and the one
    /// it excludes in one.
    var synopsis: String {
        filter { option in !contains { $0.name == option.excludes } }
            .map { option in "[" + ([option] + filter { $0.excludes == option.name }).map(\.spelled).joined(separator: " | ") + "]" }
            .joined(separator: " ")
    }

    /// `--steps LIST, --from N, --dir DIR and --force`.
    var listed: String {
        let spelled = map(\.spelled)
        guard spelled.count > 1 else { return spelled.first ?? "" }
        return spelled.dropLast().joined(separator: ", ") + " and " + spelled[spelled.count - 1]
    }

    /// `help NAME`'s `Options:` block, one line each, the help aligned.
    var helpLines: [String] {
        guard !isEmpty else { return [] }
        let width = map(\.spelled.count).max() ?? 0
        return ["Options:"] + map { "  " + $0.spelled.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
    }
}

/// A command's words read against its options: the other words in order, the flags given and
/// each option's value, asked for by the option's declaration (`has(Self.force)`), so that what
/// is read is what is declared.
public struct OptionWords: Sendable {
    public private(set) var operands: [String] = []
    private var flags: Set<String> = []
    private var values: [String: String] = [:]

    /// Whether the flag `option` was given.
    public func has(_ option: CommandOption) -> Bool { flags.contains(option.name) }
    /// The value given to `option`, if it was.
    public func value(_ option: CommandOption) -> String? { values[option.name] }
    /// How many flags were given.
    public var flagCount: Int { flags.count }

    /// Reads `words`: an option's value is the word after it, or after its `=` (`--block=--x`, for
    /// a value that starts with `--`). An option the command does not take (a bare `--` too), a
    /// value that is missing or given twice, a value given to a flag, or two options that exclude
    /// each other are a usage error; one for an unknown option names what the command takes.
    /// `command` is what the errors call it (`export playground`).
    /// `listing` is what an unknown option's error names, when more than `options` (the flags
    /// `leadingFlags` reads before a command's text also name the options read elsewhere).
    public init(_ words: [String], options: [CommandOption], command: String, listing: [CommandOption]? = nil) throws {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--") else {
                operands.append(word)
                continue
            }
            let equals = word.firstIndex(of: "=")
            let name = String(word[..<(equals ?? word.endIndex)])
            let inline = equals.map { String(word[word.index(after: $0)...]) }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(Self.unknown(name, options: listing ?? options, command: command))
            }
            if let excluded = options.first(where: { ($0.excludes == name || option.excludes == $0.name) && isGiven($0.name) }) {
                throw UsageError("\(excluded.name) and \(name) cannot go together: give one")
            }
            guard option.value != nil else {
                guard inline == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let given: String
            if let inline {
                given = inline
            } else if index < words.count, !words[index].hasPrefix("--") {
                given = words[index]
                index += 1
            } else {
                given = ""
            }
            guard !given.isEmpty else {
                let example = option.example.map { ", as in `\(command) \($0)`" } ?? ""
                throw UsageError("\(name) needs a value (\(option.value ?? ""))\(example)")
            }
            guard values[name] == nil else { throw UsageError("\(command) takes one \(name)") }
            values[name] = given
        }
    }

    private func isGiven(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// `unknown option '--x' (save takes --steps LIST, --from N, --dir DIR and --force)`.
    static func unknown(_ word: String, options: [CommandOption], command: String) -> String {
        let takes = options.isEmpty ? "\(command) takes no options" : "\(command) takes \(options.listed)"
        return "unknown option '\(word)' (\(takes))"
    }
}

extension Command {
    public var options: [CommandOption] { [] }
    public var operands: String { "" }
    /// `save NAME ["description"] [--steps LIST | --from N] [--dir DIR] [--force]`.
    public var synopsis: String { [name, operands, options.synopsis].filter { !$0.isEmpty }.joined(separator: " ") }

    /// The command's words read against its options (`OptionWords`).
    func optionWords(_ arguments: String) throws -> OptionWords {
        try OptionWords(try Arguments.split(arguments), options: options, command: name)
    }

    /// For a command whose text after its flags is read as typed (a header's value, a body): the
    /// flags the text starts with, and the rest after them. A word starting with `--` there that
    /// is none of its flags is a usage error.
    func leadingFlags(_ arguments: String) throws -> (given: OptionWords, rest: Substring) {
        var flags: [String] = []
        var rest = Substring(arguments)
        while rest.hasPrefix("--") {
            let word = String(rest.prefix { !$0.isWhitespace })
            flags.append(word)
            rest = rest.dropFirst(word.count).drop { $0.isWhitespace }
        }
        return (try OptionWords(flags, options: options.filter { $0.value == nil }, command: name, listing: options), rest)
    }

    /// Tab's candidates: after an option that takes a value, the values it offers; for a word that
    /// starts with `-`, the options that can go there (`offeredOptions`) that begin with it, then
    /// the command's own; else the command's own.
    @MainActor func completion(_ words: [String], session: Session) -> [String] {
        guard !options.isEmpty, let last = words.last else { return complete(words, session: session) }
        if words.count > 1, let option = options.first(where: { $0.name == words[words.count - 2] }), option.value != nil {
            return option.values.filter { $0.hasPrefix(last) }
        }
        guard last.hasPrefix("-") else { return complete(words, session: session) }
        let named = offeredOptions(before: Array(words.dropLast())).map(\.name).filter { $0.hasPrefix(last) }
        return named + complete(words, session: session).filter { !named.contains($0) }
    }

    /// The options that can follow `words`: all of them, anywhere.
    public func offeredOptions(before words: [String]) -> [CommandOption] { options }

    /// For a command whose options lead (`leadingFlags`): its options while only options came before.
    func leadingOptions(before words: [String]) -> [CommandOption] {
        words.allSatisfy { $0.hasPrefix("--") } ? options : []
    }
}
