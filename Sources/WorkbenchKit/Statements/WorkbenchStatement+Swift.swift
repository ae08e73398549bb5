import Foundation

/// How secret values are written when a statement is printed as Swift.
public enum SecretWriting: Sendable {
    /// As typed (only for text that stays in memory).
    case inClear
    /// As `ProcessInfo.processInfo.environment["NAME"] ?? ""`, NAME from `SecretNames.variable(for:)`.
    case environmentReads
}

extension WorkbenchStatement {
    /// The statement as Swift on a `Workbench` named `wb`: what `save` writes and replay reads back.
    public func swiftSource(secrets: SecretWriting = .environmentReads) -> String {
        let text = SwiftLiteral.string
        func secret(_ name: String, _ value: String) -> String {
            guard case .environmentReads = secrets, SecretNames.isSecret(name) else { return text(value) }
            return "ProcessInfo.processInfo.environment[\(text(SecretNames.variable(for: name)))] ?? \"\""
        }
        func pairs(_ pairs: [Pair]) -> String {
            "[" + pairs.map { text($0.name) + ": " + secret($0.name, $0.value) }.joined(separator: ", ") + "]"
        }
        switch self {
        case .base(let url): return "try wb.base(\(text(url)))"
        case .path(let path): return "try wb.path(\(text(path)))"
        case .showPath: return "wb.path()"
        case .query(let name, let value): return "wb.query(\(text(name)), \(value.map { secret(name, $0) } ?? "nil"))"
        case .addQuery(let name, let value): return "wb.addQuery(\(text(name)), \(value.map { secret(name, $0) } ?? "nil"))"
        case .removeQuery(let name): return "wb.removeQuery(\(text(name)))"
        case .showQuery: return "wb.query()"
        case .header(let name, let value): return "try wb.header(\(text(name)), \(secret(name, value)))"
        case .defaultHeader(let name, let value): return "try wb.defaultHeader(\(text(name)), \(secret(name, value)))"
        case .removeHeader(let name): return "wb.removeHeader(\(text(name)))"
        case .showHeaders: return "wb.header()"
        case .method(let method): return "try wb.method(\(text(method)))"
        case .showMethod: return "print(wb.request.method)"
        case .bodyJSON(let json): return "try wb.body(json: \(text(json)))"
        case .bodyFile(let path): return "try wb.body(file: \(text(path)))"
        case .form(let fields): return "wb.form(\(pairs(fields)))"
        case .removeBody: return "wb.removeBody()"
        case .url(let url): return "try wb.url(\(text(url)))"
        case .showURL: return "try wb.url()"
        case .reset: return "wb.reset()"
        case .send: return "try await wb.send()"
        case .request(let call):
            var arguments: [String] = []
            if let target = call.target { arguments.append(text(target)) }
            if !call.query.isEmpty { arguments.append("query: " + pairs(call.query)) }
            if !call.headers.isEmpty { arguments.append("headers: " + pairs(call.headers)) }
            if !call.json.isEmpty {
                arguments.append("json: [" + call.json.map { text($0.name) + ": " + SwiftLiteral.field($0.value) }.joined(separator: ", ") + "]")
            }
            return "try await wb.\(call.method.lowercased())(" + arguments.joined(separator: ", ") + ")"
        case .status: return "try wb.status()"
        case .headers(let name): return "try wb.headers(\(name.map(text) ?? ""))"
        case .body(let raw, let all):
            let labels = [raw ? "raw: true" : nil, all ? "all: true" : nil].compactMap { $0 }
            return "try wb.body(\(labels.joined(separator: ", ")))"
        case .timing: return "try wb.timing()"
        case .history: return "wb.history()"
        case .show(let number): return "try wb.show(\(number))"
        case .curl: return "try wb.curl()"
        case .json(let json): return "try wb.json(\(text(json)))"
        case .jsonFile(let path): return "try wb.json(file: \(text(path)))"
        case .decode(let call): return call.swiftSource
        case .timeout(let seconds): return "wb.timeout = \(seconds)"
        case .followRedirects(let flag): return "wb.followRedirects = \(flag)"
        case .bodyLines(let lines): return "wb.bodyLines = \(lines)"
        case .maxBody(let bytes): return "wb.maxBodyBytes = \(bytes)"
        case .colors(let flag): return "wb.console.colors = \(flag)"
        }
    }

    /// The secret values it holds, by the environment variable its Swift reads them from.
    public var secretValues: [String: String] {
        var pairs: [Pair] = []
        switch self {
        case .query(let name, let value?), .addQuery(let name, let value?): pairs = [Pair(name, value)]
        case .header(let name, let value), .defaultHeader(let name, let value): pairs = [Pair(name, value)]
        case .form(let fields): pairs = fields
        case .request(let call): pairs = call.query + call.headers
        default: break
        }
        var values: [String: String] = [:]
        for pair in pairs where SecretNames.isSecret(pair.name) { values[SecretNames.variable(for: pair.name)] = pair.value }
        return values
    }

    /// Environment variables its Swift reads instead of secrets, in order.
    public var secretVariables: [String] {
        var names: [String] = []
        switch self {
        case .query(let name, _?), .addQuery(let name, _?), .header(let name, _), .defaultHeader(let name, _): names = [name]
        case .form(let fields): names = fields.map(\.name)
        case .request(let call): names = (call.query + call.headers).map(\.name)
        default: break
        }
        var variables: [String] = []
        for name in names where SecretNames.isSecret(name) {
            let variable = SecretNames.variable(for: name)
            if !variables.contains(variable) { variables.append(variable) }
        }
        return variables
    }
}

extension DecodeCall {
    /// `let posts = try wb.decode([Post].self, keys: .convertFromSnakeCase)`; labelled arguments in
    /// the order Swift requires, whatever order the options were typed in.
    public var swiftSource: String {
        var arguments = ["\(type).self"]
        if keys != .useDefaultKeys { arguments.append("keys: .\(keys.rawValue)") }
        switch dates {
        case .deferredToDate: break
        case .formatted(let format): arguments.append("dates: .formatted(Workbench.dateFormatter(\(SwiftLiteral.string(format))))")
        default: arguments.append("dates: .\(dates.name)")
        }
        if let path { arguments.append("at: \(SwiftLiteral.string(path))") }
        let call = "try wb.decode(\(arguments.joined(separator: ", ")))"
        guard let binding else { return call }
        return "\(binding.isVariable ? "var" : "let") \(binding.name) = \(call)"
    }
}

extension DecodeCall.Dates {
    /// The strategy's name in `JSONDecoder.DateDecodingStrategy` (and in `decode --dates`).
    public var name: String {
        switch self {
        case .deferredToDate: "deferredToDate"
        case .iso8601: "iso8601"
        case .secondsSince1970: "secondsSince1970"
        case .millisecondsSince1970: "millisecondsSince1970"
        case .formatted: "formatted"
        }
    }
}
