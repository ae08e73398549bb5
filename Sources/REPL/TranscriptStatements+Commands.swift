import Foundation

/// The statement of each command (the table of DESIGN.md §2, written as Swift).
extension TranscriptStatements {
    /// The statements for command `name` with `rest`; nil when `name` is not a command with a statement.
    mutating func command(_ name: String, _ rest: String) throws -> [String]? {
        let words = try Arguments.split(rest)
        switch name {
        case "base": return ["try wb.base(\(Self.literal(portable(rest))))"]
        case "path": return rest.isEmpty ? ["wb.path()"] : ["try wb.path(\(Self.literal(rest)))"]
        case "query": return queryStatements(words)
        case "header": return try headerStatement(rest)
        case "method": return ["try wb.method(\(Self.literal(rest)))"]
        case "body": return bodyStatement(rest, words)
        case "url": return rest.isEmpty ? ["try wb.url()"] : ["try wb.url(\(Self.literal(portable(rest))))"]
        case "reset": return ["wb.reset()"]
        case "send": return ["try await wb.send()"]
        case "get", "post", "put", "patch", "delete", "head": return [verbStatement(name, words)]
        case "status", "timing", "curl": return ["try wb.\(name)()"]
        case "history": return ["wb.history()"]
        case "headers": return [words.isEmpty ? "try wb.headers()" : "try wb.headers(\(Self.literal(words[0])))"]
        case "show": return Int(rest).map { ["try wb.show(\($0))"] }
        case "decode": return try decodeCall(input: "decode " + rest).map { [$0] }
        case "json":
            if rest.hasPrefix("@") { return ["try wb.json(file: \(Self.literal(String(rest.dropFirst()))))"] }
            return ["try wb.json(\(Self.literal(rest)))"]
        case "set": return setStatement(words)
        default: return nil
        }
    }

    private mutating func queryStatements(_ words: [String]) -> [String] {
        if words.isEmpty { return ["wb.query()"] }
        return words.map { word in
            if word.hasPrefix("-") { return "wb.removeQuery(\(Self.literal(String(word.dropFirst()))))" }
            guard let equals = word.firstIndex(of: "=") else { return "wb.query(\(Self.literal(word)), nil)" }
            let name = String(word[..<equals])
            return "wb.query(\(Self.literal(name)), \(value(named: name, String(word[word.index(after: equals)...]))))"
        }
    }

    private mutating func headerStatement(_ rest: String) throws -> [String]? {
        if rest.isEmpty { return ["wb.header()"] }
        if rest.hasPrefix("-"), !rest.hasPrefix("--") { return ["wb.removeHeader(\(Self.literal(String(rest.dropFirst()))))"] }
        var text = rest
        var function = "header"
        if text.hasPrefix("--default") {
            function = "defaultHeader"
            text = String(text.dropFirst("--default".count)).trimmingCharacters(in: .whitespaces)
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let headerValue = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return ["try wb.\(function)(\(Self.literal(name)), \(value(named: name, headerValue)))"]
    }

    private func bodyStatement(_ rest: String, _ words: [String]) -> [String] {
        if rest.isEmpty || words.allSatisfy({ $0 == "--raw" || $0 == "--all" }) {
            var arguments: [String] = []
            if words.contains("--raw") { arguments.append("raw: true") }
            if words.contains("--all") { arguments.append("all: true") }
            return ["try wb.body(\(arguments.joined(separator: ", ")))"]
        }
        if words.first == "--clear" { return ["wb.removeBody()"] }
        if words.first == "--form" {
            let fields = words.dropFirst().map { word -> String in
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                return "\(Self.literal(parts[0])): \(Self.literal(parts.count > 1 ? parts[1] : ""))"
            }
            return ["wb.form([\(fields.isEmpty ? ":" : fields.joined(separator: ", "))])"]
        }
        if rest.hasPrefix("@") { return ["try wb.body(file: \(Self.literal(String(rest.dropFirst()))))"] }
        return ["try wb.body(json: \(Self.literal(rest)))"]
    }

    /// `get /posts userId==1 Accept:application/json title=x n:=1` as the httpie shorthand reads it.
    private mutating func verbStatement(_ verb: String, _ words: [String]) -> String {
        var target: String?
        var query: [String] = [], headers: [String] = [], fields: [String] = []
        for word in words {
            if target == nil, query.isEmpty, headers.isEmpty, fields.isEmpty,
               word.hasPrefix("/") || word.contains("://") || word == "sandbox" || word.hasPrefix("sandbox/") || Self.separator(in: word) == nil {
                target = portable(word)
                continue
            }
            guard let (separator, range) = Self.separator(in: word) else { continue }
            let name = String(word[..<range.lowerBound])
            let text = String(word[range.upperBound...])
            switch separator {
            case "==": query.append("\(Self.literal(name)): \(value(named: name, text))")
            case ":=": fields.append("\(Self.literal(name)): .json(\(Self.literal(text)))")
            case "=": fields.append("\(Self.literal(name)): \(Self.literal(text))")
            default: headers.append("\(Self.literal(name)): \(value(named: name, text))")
            }
        }
        var arguments: [String] = []
        if let target { arguments.append(Self.literal(target)) }
        if !query.isEmpty { arguments.append("query: [\(query.joined(separator: ", "))]") }
        if !headers.isEmpty { arguments.append("headers: [\(headers.joined(separator: ", "))]") }
        if !fields.isEmpty { arguments.append("json: [\(fields.joined(separator: ", "))]") }
        return "try await wb.\(verb)(\(arguments.joined(separator: ", ")))"
    }

    /// The first of `==`, `:=`, `=`, `:` in `word` (the longer one where two start together).
    static func separator(in word: String) -> (String, Range<String.Index>)? {
        var index = word.startIndex
        while index < word.endIndex {
            let rest = word[index...]
            for separator in ["==", ":=", "=", ":"] where rest.hasPrefix(separator) {
                return (separator, index..<word.index(index, offsetBy: separator.count))
            }
            index = word.index(after: index)
        }
        return nil
    }

    private func setStatement(_ words: [String]) -> [String]? {
        guard words.count == 2 else { return nil }
        switch words[0] {
        case "timeout": return Double(words[1]).map { ["wb.timeout = \(words[1] == String(Int($0)) ? String(Int($0)) : String($0))"] }
        case "redirects": return ["wb.followRedirects = \(words[1] == "on" ? "true" : "false")"]
        case "body-lines", "bodylines": return Int(words[1]).map { ["wb.bodyLines = \($0)"] }
        default: return nil
        }
    }

    /// `decode TYPE [--keys snake] [--dates S] [--at PATH]` → `try wb.decode(TYPE.self, …)`; nil when
    /// `input` is not a decode.
    func decodeCall(input: String) throws -> String? {
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
                    dates = "dates: .formatted(Workbench.dateFormatter(\(Self.literal(words[index + 2]))))"
                    index += 1
                } else if let next {
                    dates = "dates: .\(next)"
                }
                index += 1
            case "--at":
                if let next { path = "at: \(Self.literal(next))" }
                index += 1
            default:
                type += (type.isEmpty ? "" : " ") + word
            }
            index += 1
        }
        // Swift wants labelled arguments in their declared order, whatever order the options came in.
        let arguments = [keys, dates, path].compactMap { $0 }
        return "try wb.decode(\(type).self\(arguments.map { ", " + $0 }.joined()))"
    }

    func decodeCall(_ expression: String) throws -> String? {
        try decodeCall(input: expression)
    }
}
