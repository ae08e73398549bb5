import Foundation
import WorkbenchScript

/// The statements of the model commands: `decode` and `json`.
extension TranscriptStatements {
    static func modelStatements(_ name: String, _ rest: String) throws -> [String]? {
        switch name {
        case "decode": return try decodeCall("decode " + rest).map { [$0] }
        case "json":
            if rest.hasPrefix("@") { return ["try wb.json(file: \(SwiftLiteral.string(String(rest.dropFirst()))))"] }
            return ["try wb.json(\(SwiftLiteral.string(rest)))"]
        default: return nil
        }
    }

    /// The declarations `infer NAME` generated or `load FILE.swift` read, as they are now declared:
    /// a snippet holds the types themselves, not the command that made them.
    func declarations(definedBy command: String, _ rest: String) throws -> [String] {
        let words = try Arguments.split(rest)
        guard let first = words.first else { return [] }
        if command == "infer" { return declarationSource(first).map { [$0] } ?? [] }
        let path = NSString(string: first).expandingTildeInPath
        guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8),
              let parsed = try? DeclarationParser.parse(source) else { return [] }
        return parsed.compactMap { declarationSource($0.name) }
    }

    /// `decode TYPE [--keys snake] [--dates S] [--at PATH]` → `try wb.decode(TYPE.self, …)`; nil when
    /// `input` is not a decode.
    static func decodeCall(_ input: String) throws -> String? {
        let words = try Arguments.split(input)
        guard words.first == "decode", words.count >= 2 else { return nil }
        var type = ""
        var keys: String?, dates: String?, path: String?
        var index = 1
        while index < words.count {
            let word = words[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "--keys":
                if next == "snake" { keys = "keys: .convertFromSnakeCase" }
                index += 1
            case "--dates":
                if next == "formatted", index + 2 < words.count {
                    dates = "dates: .formatted(Workbench.dateFormatter(\(SwiftLiteral.string(words[index + 2]))))"
                    index += 1
                } else if let next {
                    dates = "dates: .\(next)"
                }
                index += 1
            case "--at":
                if let next { path = "at: \(SwiftLiteral.string(next))" }
                index += 1
            case "--all":
                break
            default:
                type += (type.isEmpty ? "" : " ") + word
            }
            index += 1
        }
        // Swift wants labelled arguments in their declared order, whatever order the options came in.
        let arguments = [keys, dates, path].compactMap { $0 }
        return "try wb.decode(\(type).self\(arguments.map { ", " + $0 }.joined()))"
    }
}
