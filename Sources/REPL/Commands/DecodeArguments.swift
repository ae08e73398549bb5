import ModelRuntime
import WorkbenchKit
import WorkbenchScript

/// The words after `decode`: a Swift type, then the options of `DecodeOption.all` (`--keys snake`,
/// `--dates …`, `--at PATH`, `--all`).
struct DecodeArguments: Equatable {
    var call: DecodeCall
    /// Show the whole value on a terminal (a display choice, not part of the statement).
    var showAll = false

    /// The date strategies `--dates` offers by name, as JSONDecoder names them (`deferredToDate`,
    /// the default, is taken too but not offered).
    static let dateNames = DecodingOptions.Dates.named.filter { $0 != .deferredToDate }.map(\.name)
    static let usage = "decode TYPE " + DecodeOption.synopsis(DecodeOption.all, inUsage: true)

    /// Parses `raw`; the type may hold spaces (`[String: Post]`), so it ends at the first ` --`.
    static func parse(_ raw: String, binding: DecodeCall.Binding? = nil) throws -> DecodeArguments {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let typeEnd = text.range(of: " --")?.lowerBound ?? (text.hasPrefix("--") ? text.startIndex : text.endIndex)
        let type = String(text[..<typeEnd]).trimmingCharacters(in: .whitespaces)
        guard !type.isEmpty else { throw ModelCommandError("expected a type: \(usage)") }
        // `[` nested deeper than swift-syntax is given are logged as `Array<…>`, which the host reads.
        var result = DecodeArguments(call: DecodeCall(type: ModelRegistry.stepSpelling(of: type), binding: binding))
        try DecodeOption.read(try Arguments.split(String(text[typeEnd...])), of: DecodeOption.all, into: &result, usage: usage)
        return result
    }
}

/// A model command's mistake, in one line.
struct ModelCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
