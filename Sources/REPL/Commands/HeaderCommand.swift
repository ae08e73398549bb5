import Foundation
import WorkbenchKit

/// `header NAME: VALUE`, `header -NAME`, `header --default NAME: VALUE`, `header`.
struct HeaderCommand: StatementCommand {
    let forms: [StatementForm] = [.header, .defaultHeader, .removeHeader, .showHeaders]
    let name = "header"
    let argumentsMayHoldSecrets = true
    var synopsis: String { "header NAME: VALUE | header -NAME | header \(Self.sentAlways.name) NAME: VALUE | header" }
    static let sentAlways = CommandOption("--default", help: "keep the header through `reset` and send it with every request")
    let options = [Self.sentAlways]

    func offeredOptions(before words: [String]) -> [CommandOption] { leadingOptions(before: words) }
    let summary = "set, remove or list request headers; --default sends one with every request"
    let group = CommandGroup.build
    let help = """
        Sets a header on the request (replacing one of the same name, any case); the
        value is the rest of the line. `-NAME` removes it (from the defaults too).
        `--default` sets a header kept by `reset` and sent with every request. No
        argument lists what the next request sends.

        Examples:
          wb> header Accept: application/json
          wb> header --default User-Agent: workbench-class
          wb> header -Accept
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last, !last.contains(":") else { return [] }
        let names = RequestCompletion.headerNames(session.workbench)
        if last.hasPrefix("-") && !last.hasPrefix("--") {
            return RequestCompletion.matching(String(last.dropFirst()), names, caseInsensitive: true).map { "-" + $0 }
        }
        if last.hasPrefix("--") { return [] }
        return RequestCompletion.matching(last, names, caseInsensitive: true).map { $0 + ":" }
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        if arguments.isEmpty { return [.showHeaders] }
        if arguments.hasPrefix("-") && !arguments.hasPrefix("--") {
            let name = arguments.dropFirst().trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw UsageError("'-' needs a name: `header -NAME` removes that header") }
            return [.removeHeader(name)]
        }
        let (given, text) = try leadingFlags(arguments)
        let isDefault = given.has(Self.sentAlways)
        guard let colon = text.firstIndex(of: ":") else {
            throw UsageError("header '\(text.trimmingCharacters(in: .whitespaces))' has no ':' — write NAME: VALUE")
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return [isDefault ? .defaultHeader(name, value) : .header(name, value)]
    }
}
