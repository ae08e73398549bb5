import WorkbenchKit

/// The words after `decode`: a Swift type, then `--keys snake`, `--dates …`, `--at PATH`, `--all`.
struct DecodeArguments: Equatable {
    var call: DecodeCall
    /// Show the whole value on a terminal (a display choice, not part of the statement).
    var showAll = false

    /// The date strategies `--dates` offers by name, as JSONDecoder names them (`deferredToDate`,
    /// the default, is taken too but not offered).
    static let dateNames = DecodingOptions.Dates.named.filter { $0 != .deferredToDate }.map(\.name)
    static let usage = "decode TYPE [--keys snake] [--dates \(dateNames.joined(separator: "|"))|formatted FORMAT] [--at PATH] [--all]"

    /// Parses `raw`; the type may hold spaces (`[String: Post]`), so it ends at the first ` --`.
    static func parse(_ raw: String, binding: DecodeCall.Binding? = nil) throws -> DecodeArguments {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let typeEnd = text.range(of: " --")?.lowerBound ?? (text.hasPrefix("--") ? text.startIndex : text.endIndex)
        let type = String(text[..<typeEnd]).trimmingCharacters(in: .whitespaces)
        guard !type.isEmpty else { throw ModelCommandError("expected a type: \(usage)") }
        var result = DecodeArguments(call: DecodeCall(type: type, binding: binding))
        var words = try Arguments.split(String(text[typeEnd...]))[...]
        while let word = words.popFirst() {
            switch word {
            case "--all":
                result.showAll = true
            case "--keys":
                switch words.popFirst() {
                case "snake", "snake_case", "convertFromSnakeCase": result.call.options.keys = .convertFromSnakeCase
                case "default", "useDefaultKeys": result.call.options.keys = .useDefaultKeys
                case let other:
                    throw ModelCommandError("--keys takes 'snake' or 'default', not '\(other ?? "")'")
                }
            case "--dates":
                let name = words.popFirst() ?? ""
                let format = name == "formatted" ? words.popFirst() : nil
                if name == "formatted" && format == nil {
                    throw ModelCommandError("--dates formatted needs a format, e.g. --dates formatted \"yyyy-MM-dd\"")
                }
                guard let dates = DecodingOptions.Dates(name: name, format: format) else {
                    throw ModelCommandError("--dates takes \(Self.dateNames.joined(separator: ", ")) or formatted FORMAT, not '\(name)'")
                }
                result.call.options.dates = dates
            case "--at":
                guard let path = words.popFirst() else { throw ModelCommandError("--at needs a path, e.g. --at data.items") }
                result.call.path = path
            default:
                throw ModelCommandError("unknown option '\(word)'; usage: \(usage)")
            }
        }
        return result
    }
}

/// A model command's mistake, in one line.
struct ModelCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
