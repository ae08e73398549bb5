import Foundation
import WorkbenchKit

// The Swift statement of each request command, parsed as its `run` parses the arguments.

extension BaseCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        return words.isEmpty ? [] : ["try wb.base(\(SwiftLiteral.string(words[0])))"]
    }
}

extension PathCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        return [words.first.map { "try wb.path(\(SwiftLiteral.string($0)))" } ?? "wb.path()"]
    }
}

extension QueryCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        if words.isEmpty { return ["wb.query()"] }
        return words.map { word in
            if word.hasPrefix("-") { return "wb.removeQuery(\(SwiftLiteral.string(String(word.dropFirst()))))" }
            guard let equals = word.firstIndex(of: "=") else { return "wb.query(\(SwiftLiteral.string(word)), nil)" }
            let value = String(word[word.index(after: equals)...])
            return "wb.query(\(SwiftLiteral.string(String(word[..<equals]))), \(SwiftLiteral.string(value)))"
        }
    }
}

extension HeaderCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        if arguments.isEmpty { return ["wb.header()"] }
        if arguments.hasPrefix("-") && !arguments.hasPrefix("--") {
            return ["wb.removeHeader(\(SwiftLiteral.string(arguments.dropFirst().trimmingCharacters(in: .whitespaces))))"]
        }
        let isDefault = arguments.hasPrefix("--default")
        let text = isDefault ? Substring(arguments.dropFirst("--default".count)) : Substring(arguments)
        guard let colon = text.firstIndex(of: ":") else { return [] }
        let name = SwiftLiteral.string(text[..<colon].trimmingCharacters(in: .whitespaces))
        let value = SwiftLiteral.string(text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        return ["try wb.\(isDefault ? "defaultHeader" : "header")(\(name), \(value))"]
    }
}

extension MethodCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        return words.isEmpty ? ["print(wb.request.method)"] : ["try wb.method(\(SwiftLiteral.string(words[0])))"]
    }
}

extension BodyCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        if arguments.hasPrefix("@") {
            let path = try Arguments.split(String(arguments.dropFirst())).joined(separator: " ")
            return ["try wb.body(file: \(SwiftLiteral.string(path)))"]
        }
        if arguments.hasPrefix("--form") {
            let fields = try Arguments.split(String(arguments.dropFirst("--form".count))).compactMap { word -> (String, String)? in
                guard let equals = word.firstIndex(of: "=") else { return nil }
                return (String(word[..<equals]), String(word[word.index(after: equals)...]))
            }
            return ["wb.form(\(SwiftLiteral.pairs(fields)))"]
        }
        if arguments == "--clear" { return ["wb.removeBody()"] }
        let words = arguments.split(separator: " ").map(String.init)
        if words.allSatisfy({ $0 == "--raw" || $0 == "--all" }) {
            var labels: [String] = []
            if words.contains("--raw") { labels.append("raw: true") }
            if words.contains("--all") { labels.append("all: true") }
            return ["try wb.body(\(labels.joined(separator: ", ")))"]
        }
        return ["try wb.body(json: \(SwiftLiteral.string(arguments)))"]
    }
}

extension URLCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        return [words.first.map { "try wb.url(\(SwiftLiteral.string($0)))" } ?? "try wb.url()"]
    }
}

extension ResetCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["wb.reset()"] }
}

extension SendCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["try await wb.send()"] }
}

extension VerbCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        [SwiftLiteral.verb(method, try RequestShorthand.parse(try Arguments.split(arguments)))]
    }
}

extension StatusCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["try wb.status()"] }
}

extension HeadersCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        return [words.first.map { "try wb.headers(\(SwiftLiteral.string($0)))" } ?? "try wb.headers()"]
    }
}

extension TimingCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["try wb.timing()"] }
}

extension HistoryCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["wb.history()"] }
}

extension ShowCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["try wb.show(\(Int(arguments) ?? 0))"] }
}

extension CurlCommandLine: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] { ["try wb.curl()"] }
}

extension SetCommand: SwiftEquivalent {
    func swiftStatements(for arguments: String) throws -> [String] {
        let words = try Arguments.split(arguments)
        guard words.count == 2 else { return [] }
        switch words[0] {
        case "timeout": return ["wb.timeout = \(Double(words[1]).map { String($0) } ?? words[1])"]
        case "redirects": return ["wb.followRedirects = \((try? Self.onOff(words[1], for: "redirects")) ?? true)"]
        case "body-lines": return ["wb.bodyLines = \(Int(words[1]) ?? 40)"]
        case "color": return ["wb.console.colors = \((try? Self.onOff(words[1], for: "color")) ?? true)"]
        default: return []
        }
    }
}
