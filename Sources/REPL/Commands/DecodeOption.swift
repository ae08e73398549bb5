import WorkbenchKit

/// One `--option` of `decode`, and of `infer` where it takes it: how the synopsis, the usage
/// errors and help spell it, what completion offers after it, and how it is read. `DecodeCommand`,
/// `InferCommand` and `DecodeArguments.parse` derive theirs from `DecodeOption.all`, so each
/// option is written once, here.
struct DecodeOption: Sendable {
    let name: String
    /// The value's word in the synopsis and help (`PATH`); nil for a flag.
    let value: String?
    /// The value as the usage errors spell it, where that says more than `value` does.
    let valueInUsage: String?
    /// What completion offers after the option; nothing where the value is free text.
    let values: [String]
    /// Help's line for `decode`.
    let help: String
    /// Help's line for `infer`; nil when infer does not take it.
    let inferHelp: String?
    /// Reads the option's value (the words after it) into `arguments`.
    let read: @Sendable (_ words: inout ArraySlice<String>, _ arguments: inout DecodeArguments) throws -> Void

    init(_ name: String, value: String? = nil, valueInUsage: String? = nil, values: [String] = [], help: String, inferHelp: String? = nil,
         read: @escaping @Sendable (_ words: inout ArraySlice<String>, _ arguments: inout DecodeArguments) throws -> Void) {
        (self.name, self.value, self.valueInUsage, self.values, self.help, self.inferHelp, self.read)
            = (name, value, valueInUsage ?? value, values, help, inferHelp, read)
    }

    /// Every option, in the order the synopsis and help list them.
    static let all: [DecodeOption] = [
        DecodeOption("--keys", value: "snake", values: ["snake", "default"], help: "convertFromSnakeCase",
                     inferHelp: "names as convertFromSnakeCase makes them") { words, arguments in
            switch words.popFirst() {
            case "snake", "snake_case", "convertFromSnakeCase": arguments.call.options.keys = .convertFromSnakeCase
            case "default", "useDefaultKeys": arguments.call.options.keys = .useDefaultKeys
            case let other: throw ModelCommandError("--keys takes 'snake' or 'default', not '\(other ?? "")'")
            }
        },
        DecodeOption("--dates", value: "S", valueInUsage: DecodeArguments.dateNames.joined(separator: "|") + "|formatted FORMAT",
                     values: DecodeArguments.dateNames + ["formatted"],
                     help: DecodeArguments.dateNames.joined(separator: ", ") + #", formatted "yyyy-MM-dd""#) { words, arguments in
            let name = words.popFirst() ?? ""
            let format = name == "formatted" ? words.popFirst() : nil
            if name == "formatted" && format == nil {
                throw ModelCommandError("--dates formatted needs a format, e.g. --dates formatted \"yyyy-MM-dd\"")
            }
            guard let dates = DecodingOptions.Dates(name: name, format: format) else {
                throw ModelCommandError("--dates takes \(DecodeArguments.dateNames.joined(separator: ", ")) or formatted FORMAT, not '\(name)'")
            }
            arguments.call.options.dates = dates
        },
        DecodeOption("--at", value: "PATH", help: "decode the value at PATH (data.items, [0].user)",
                     inferHelp: "infer from the value at PATH (data.items, [0].user)") { words, arguments in
            guard let path = words.popFirst() else { throw ModelCommandError("--at needs a path, e.g. --at data.items") }
            arguments.call.path = path
        },
        DecodeOption("--frame", value: "N", help: "decode WebSocket message N (`ws`), not the last") { words, arguments in
            guard let word = words.popFirst(), let number = Int(word), number >= 1 else {
                throw ModelCommandError("--frame needs a message number from 1, e.g. --frame 2")
            }
            arguments.call.frame = number
        },
        DecodeOption("--all", help: "do not cut long values on a terminal") { _, arguments in
            arguments.showAll = true
        },
    ]

    /// The options `infer` takes.
    static let infer = all.filter { $0.inferHelp != nil }

    /// `[--keys snake] [--at PATH]`: the options in a synopsis, or as the usage errors spell them.
    static func synopsis(_ options: [DecodeOption], inUsage: Bool = false) -> String {
        options.map { option in
            let value = inUsage ? option.valueInUsage : option.value
            return "[\(option.name)\(value.map { " " + $0 } ?? "")]"
        }.joined(separator: " ")
    }

    /// The option as `help`, the synopsis and completion read it, with decode's help or infer's.
    func declared(help: String) -> CommandOption {
        CommandOption(name, value: value, values: values, help: help)
    }

    /// Completion after `words` (the last may be empty): the option's values after an option
    /// that has some, else the options' names.
    static func completions(_ options: [DecodeOption], after words: [String]) -> [String] {
        let prefix = words.last ?? ""
        if let option = options.first(where: { $0.name == words.dropLast().last }), !option.values.isEmpty {
            return option.values.filter { $0.hasPrefix(prefix) }
        }
        return options.map(\.name).filter { $0.hasPrefix(prefix) }
    }

    /// Reads `words`, options of `options` only, into `arguments`; anything else is an unknown
    /// option, with `usage`.
    static func read(_ words: [String], of options: [DecodeOption], into arguments: inout DecodeArguments, usage: String) throws {
        var words = words[...]
        while let word = words.popFirst() {
            guard let option = options.first(where: { $0.name == word }) else {
                throw ModelCommandError("unknown option '\(word)'; usage: \(usage)")
            }
            try option.read(&words, &arguments)
        }
    }
}
