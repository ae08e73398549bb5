import Foundation
import SwiftSyntax
import WorkbenchKit

/// `wb.NAME(…)`: each REPL command's statement, run on a real `Workbench`.
extension SnippetInterpreter {
    func callWorkbench(_ wb: Workbench, _ name: String, _ arguments: Arguments, _ node: FunctionCallExprSyntax) async throws -> ReplayValue {
        let labels = arguments.labels
        let first = arguments.value(nil)
        func string(_ label: String?) throws -> String {
            guard case .string(let text)? = arguments.value(label) else {
                throw UnsupportedConstruct(node, "`\(name)` expects a string\(label.map { " for `\($0):`" } ?? "")")
            }
            return text
        }
        func strings() throws -> [String] {
            try arguments.values.map { value in
                guard case .string(let text) = value.value else { throw UnsupportedConstruct(value.node, "`\(name)` expects strings") }
                return text
            }
        }
        switch (name, labels) {
        case ("base", [nil]): try wb.base(try string(nil))
        case ("path", []): wb.path()
        case ("path", [nil]): try wb.path(try string(nil))
        case ("query", []): wb.query()
        case ("query", [nil, nil]):
            let value: String?
            switch arguments.values[1].value {
            case .string(let text): value = text
            case .null: value = nil
            default: throw UnsupportedConstruct(arguments.values[1].node, "a query value must be a string or nil")
            }
            wb.query(try string(nil), value)
        case ("removeQuery", [nil]): wb.removeQuery(try string(nil))
        case ("header", []): wb.header()
        case ("header", [nil, nil]):
            let parts = try strings()
            try wb.header(parts[0], parts[1])
        case ("defaultHeader", [nil, nil]):
            let parts = try strings()
            try wb.defaultHeader(parts[0], parts[1])
        case ("removeHeader", [nil]): wb.removeHeader(try string(nil))
        case ("method", [nil]): try wb.method(try string(nil))
        case ("body", ["json"]): try wb.body(json: try string("json"))
        case ("body", ["file"]): try wb.body(file: try string("file"))
        case ("body", _) where labels.allSatisfy({ $0 == "raw" || $0 == "all" }):
            try wb.body(raw: flag(arguments.value("raw")), all: flag(arguments.value("all")))
        case ("removeBody", []): wb.removeBody()
        case ("form", [nil]): wb.form(items: try pairs(first, node).map { URLQueryItem(name: $0.key, value: $0.value) })
        case ("url", []): try wb.url()
        case ("url", [nil]): try wb.url(try string(nil))
        case ("reset", []): wb.reset()
        case ("send", []): return .exchange(try await wb.send())
        case ("get", _), ("post", _), ("put", _), ("patch", _), ("delete", _), ("head", _):
            return .exchange(try await perform(wb, name.uppercased(), arguments, node))
        case ("status", []): try wb.status()
        case ("headers", []): try wb.headers()
        case ("headers", [nil]): try wb.headers(try string(nil))
        case ("timing", []): try wb.timing()
        case ("history", []): wb.history()
        case ("show", [nil]):
            guard case .int(let number)? = first else { throw UnsupportedConstruct(node, "`show` expects a number") }
            try wb.show(number)
        case ("curl", []): try wb.curl()
        case ("json", [nil]): try wb.json(try string(nil))
        case ("json", ["file"]): try wb.json(file: try string("file"))
        case ("decode", _): return try decode(wb, arguments, node)
        default:
            let shape = labels.map { ($0 ?? "_") + ":" }.joined()
            throw UnsupportedConstruct(node, "`wb.\(name)(\(shape))` is not part of the snippet vocabulary")
        }
        return .none
    }

    private func flag(_ value: ReplayValue?) -> Bool {
        if case .bool(let flag)? = value { return flag }
        return false
    }

    private func pairs(_ value: ReplayValue?, _ node: some SyntaxProtocol) throws -> [(key: String, value: String)] {
        guard let value else { return [] }
        guard case .pairs(let pairs) = value else { throw UnsupportedConstruct(node, "expected a dictionary literal like [\"name\": \"value\"]") }
        return try pairs.map { pair in
            guard case .string(let text) = pair.value else { throw UnsupportedConstruct(node, "the value for '\(pair.key)' must be a string") }
            return (pair.key, text)
        }
    }

    /// `wb.get("/posts", query: […], headers: […], json: […])` and the other verbs.
    private func perform(_ wb: Workbench, _ method: String, _ arguments: Arguments, _ node: FunctionCallExprSyntax) async throws -> Exchange {
        guard arguments.labels.allSatisfy({ [nil, "query", "headers", "json"].contains($0) }) else {
            throw UnsupportedConstruct(node, "`\(method.lowercased())` takes a target, `query:`, `headers:` and `json:`")
        }
        var target: String?
        if case .string(let text)? = arguments.value(nil) { target = text }
        let query = try pairs(arguments.value("query"), node).map { URLQueryItem(name: $0.key, value: $0.value) }
        let headers = try pairs(arguments.value("headers"), node).map { HeaderList.Field(name: $0.key, value: $0.value) }
        var fields: [(name: String, value: JSONField)] = []
        if case .pairs(let pairs)? = arguments.value("json") {
            for pair in pairs { fields.append((pair.key, try jsonField(pair.value, node))) }
        }
        return try await wb.perform(method, target, query: query, headers: headers, json: fields)
    }

    /// A `JSONField` literal: a string, number, `true`, `nil`, or `.json("…")` / `.string("…")`.
    private func jsonField(_ value: ReplayValue, _ node: some SyntaxProtocol) throws -> JSONField {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .json(String(number))
        case .double(let number): return .json(String(number))
        case .bool(let flag): return .json(flag ? "true" : "false")
        case .null: return .json("null")
        case .implicitMember("json", let values):
            if case .string(let text)? = values.first { return .json(text) }
        case .implicitMember("string", let values):
            if case .string(let text)? = values.first { return .string(text) }
        default: break
        }
        throw UnsupportedConstruct(node, "a JSON field of type '\(value.kindName)' is not supported in replay")
    }

    /// `try wb.decode([Post].self, keys: …, dates: …, at: "…")` through the model workspace.
    private func decode(_ wb: Workbench, _ arguments: Arguments, _ node: FunctionCallExprSyntax) throws -> ReplayValue {
        guard case .type(let typeText)? = arguments.value(nil),
              arguments.labels.allSatisfy({ [nil, "keys", "dates", "at"].contains($0) }) else {
            throw UnsupportedConstruct(node, "`decode` takes `TYPE.self`, then `keys:`, `dates:` and `at:`")
        }
        var options = DecodingOptions()
        switch arguments.value("keys") {
        case nil: break
        case .implicitMember("useDefaultKeys", _)?: break
        case .implicitMember("convertFromSnakeCase", _)?: options.keys = .convertFromSnakeCase
        default: throw UnsupportedConstruct(node, "`keys:` must be .useDefaultKeys or .convertFromSnakeCase")
        }
        switch arguments.value("dates") {
        case nil: break
        case .implicitMember("deferredToDate", _)?: break
        case .implicitMember("iso8601", _)?: options.dates = .iso8601
        case .implicitMember("secondsSince1970", _)?: options.dates = .secondsSince1970
        case .implicitMember("millisecondsSince1970", _)?: options.dates = .millisecondsSince1970
        case .implicitMember("formatted", let values)? where values.count == 1:
            guard case .dateFormat(let format) = values[0] else { fallthrough }
            options.dates = .formatted(format)
        default:
            throw UnsupportedConstruct(node, "`dates:` must be .iso8601, .secondsSince1970, .millisecondsSince1970 or .formatted(Workbench.dateFormatter(\"…\"))")
        }
        var path: String?
        if case .string(let text)? = arguments.value("at") { path = text }
        guard let document = wb.currentDocument else { throw WorkbenchError.noResponse }
        workspace.setBody(document)
        let value = try workspace.decode(typeText, options: options, at: path)
        var count: (number: Int, isDictionary: Bool)?
        switch value.value {
        case .array(let items): count = (items.count, false)
        case .dictionary(let keys, _): count = (keys.count, true)
        default: break
        }
        var elements: [String]?
        if wb.console.isTerminal, case .array(let items) = value.value, case .array(let element) = value.type {
            let printer = ValuePrinter(moduleName: script.moduleName)
            elements = items.map { item in
                var text = ""
                printer.write(item, as: element, into: &text)
                return text
            }
        }
        wb.showDecoded(DecodedValueReport(typeName: value.type.source, count: count,
                                          text: value.printed(moduleName: script.moduleName), elements: elements))
        return .typed(value)
    }
}
