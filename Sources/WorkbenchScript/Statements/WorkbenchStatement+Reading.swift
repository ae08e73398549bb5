import Foundation
import SwiftParser
import SwiftSyntax
import WorkbenchKit

/// Reading statements back from Swift: a `wb.NAME(…)` call, with its arguments evaluated, is the
/// statement whose `swiftSource` it is. Replay and the prompt's `wb.…` input both come through here.
extension WorkbenchStatement {
    /// The statement for `wb.NAME(arguments)`; throws `UnsupportedConstruct` for a call that is not
    /// in the vocabulary.
    static func read(_ name: String, _ arguments: SnippetInterpreter.Arguments, at node: FunctionCallExprSyntax) throws -> WorkbenchStatement {
        let reader = ArgumentReader(name: name, arguments: arguments, node: node)
        switch (name, arguments.labels) {
        case ("base", [nil]): return .base(try reader.string(nil))
        case ("path", []): return .showPath
        case ("path", [nil]): return .path(try reader.string(nil))
        case ("query", []): return .showQuery
        case ("query", [nil, nil]): return .query(try reader.string(nil), try reader.optionalString(at: 1))
        case ("addQuery", [nil, nil]): return .addQuery(try reader.string(nil), try reader.optionalString(at: 1))
        case ("removeQuery", [nil]): return .removeQuery(try reader.string(nil))
        case ("header", []): return .showHeaders
        case ("header", [nil, nil]): return .header(try reader.string(at: 0), try reader.string(at: 1))
        case ("defaultHeader", [nil, nil]): return .defaultHeader(try reader.string(at: 0), try reader.string(at: 1))
        case ("removeHeader", [nil]): return .removeHeader(try reader.string(nil))
        case ("method", [nil]): return .method(try reader.string(nil))
        case ("body", ["json"]): return .bodyJSON(try reader.string("json"))
        case ("body", ["file"]): return .bodyFile(try reader.string("file"))
        case ("body", let labels) where labels.allSatisfy({ $0 == "raw" || $0 == "all" }):
            return .body(raw: try reader.flag("raw"), all: try reader.flag("all"))
        case ("form", [nil]): return .form(try reader.pairs(nil))
        case ("removeBody", []): return .removeBody
        case ("url", []): return .showURL
        case ("url", [nil]): return .url(try reader.string(nil))
        case ("reset", []): return .reset
        case ("send", []): return .send
        case ("get", _), ("post", _), ("put", _), ("patch", _), ("delete", _), ("head", _):
            return .request(try reader.requestCall())
        case ("status", []): return .status
        case ("headers", []): return .headers(nil)
        case ("headers", [nil]): return .headers(try reader.string(nil))
        case ("timing", []): return .timing
        case ("history", []): return .history
        case ("show", [nil]):
            guard case .int(let number)? = arguments.value(nil) else { throw UnsupportedConstruct(node, "`show` expects a number") }
            return .show(number)
        case ("curl", []): return .curl
        case ("json", [nil]): return .json(try reader.string(nil))
        case ("json", ["file"]): return .jsonFile(try reader.string("file"))
        case ("decode", _): return .decode(try reader.decodeCall())
        default:
            let shape = arguments.labels.map { ($0 ?? "_") + ":" }.joined()
            throw UnsupportedConstruct(node, "`wb.\(name)(\(shape))` is not part of the WorkbenchKit vocabulary")
        }
    }

    /// `wb.timeout = 5`, `wb.followRedirects = false`, `wb.bodyLines = 20`, `wb.console.colors = false`.
    static func readAssignment(_ property: String, _ value: ReplayValue, at node: some SyntaxProtocol) throws -> WorkbenchStatement {
        switch (property, value) {
        case ("timeout", .double(let seconds)): return .timeout(seconds)
        case ("timeout", .int(let seconds)): return .timeout(Double(seconds))
        case ("followRedirects", .bool(let flag)): return .followRedirects(flag)
        case ("bodyLines", .int(let lines)): return .bodyLines(lines)
        case ("maxBodyBytes", .int(let bytes)) where bytes > 0: return .maxBody(bytes)
        case ("console.colors", .bool(let flag)): return .colors(flag)
        default: throw UnsupportedConstruct(node, "assigning '\(property)' a value of type '\(value.kindName)' is not supported")
        }
    }
}

/// The evaluated arguments of one `wb.…` call, read as the statement's fields.
private struct ArgumentReader {
    let name: String
    let arguments: SnippetInterpreter.Arguments
    let node: FunctionCallExprSyntax

    func string(_ label: String?) throws -> String {
        guard case .string(let text)? = arguments.value(label) else {
            throw UnsupportedConstruct(node, "`\(name)` expects a string\(label.map { " for `\($0):`" } ?? "")")
        }
        return text
    }

    func string(at index: Int) throws -> String {
        guard case .string(let text) = arguments.values[index].value else {
            throw UnsupportedConstruct(arguments.values[index].node, "`\(name)` expects strings")
        }
        return text
    }

    func optionalString(at index: Int) throws -> String? {
        switch arguments.values[index].value {
        case .string(let text): return text
        case .null: return nil
        default: throw UnsupportedConstruct(arguments.values[index].node, "a query value must be a string or nil")
        }
    }

    func flag(_ label: String) throws -> Bool {
        switch arguments.value(label) {
        case nil: return false
        case .bool(let flag)?: return flag
        default: throw UnsupportedConstruct(node, "`\(label):` expects true or false")
        }
    }

    func pairs(_ label: String?) throws -> [WorkbenchStatement.Pair] {
        guard let value = arguments.value(label) else { return [] }
        guard case .pairs(let pairs) = value else {
            throw UnsupportedConstruct(node, "expected a dictionary literal like [\"name\": \"value\"]")
        }
        return try pairs.map { pair in
            guard case .string(let text) = pair.value else { throw UnsupportedConstruct(node, "the value for '\(pair.key)' must be a string") }
            return WorkbenchStatement.Pair(pair.key, text)
        }
    }

    /// `wb.get("/posts", query: […], headers: […], json: […])` and the other verbs.
    func requestCall() throws -> WorkbenchStatement.RequestCall {
        guard arguments.labels.allSatisfy({ [nil, "query", "headers", "json"].contains($0) }) else {
            throw UnsupportedConstruct(node, "`\(name)` takes a target, `query:`, `headers:` and `json:`")
        }
        var target: String?
        switch arguments.value(nil) {
        case .string(let text)?: target = text
        case nil, .null?: break
        default: throw UnsupportedConstruct(node, "`\(name)` expects a path or URL string")
        }
        var fields: [WorkbenchStatement.JSONFieldPair] = []
        if case .pairs(let pairs)? = arguments.value("json") {
            for pair in pairs { fields.append(.init(pair.key, try jsonField(pair.value))) }
        }
        if name == "head" && !fields.isEmpty { throw UnsupportedConstruct(node, "`head` sends no body") }
        return .init(method: name.uppercased(), target: target, query: try pairs("query"), headers: try pairs("headers"), json: fields)
    }

    /// A `JSONField` literal: a string, number, `true`, `nil`, or `.json("…")` / `.string("…")`.
    private func jsonField(_ value: ReplayValue) throws -> JSONField {
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
        throw UnsupportedConstruct(node, "a JSON field of type '\(value.kindName)' is not supported")
    }

    /// `wb.decode([Post].self, keys: …, dates: …, at: "…")`.
    func decodeCall() throws -> DecodeCall {
        guard case .type(let typeText)? = arguments.value(nil),
              arguments.labels.allSatisfy({ [nil, "keys", "dates", "at"].contains($0) }) else {
            throw UnsupportedConstruct(node, "`decode` takes `TYPE.self`, then `keys:`, `dates:` and `at:`")
        }
        var call = DecodeCall(type: typeText)
        switch arguments.value("keys") {
        case nil, .implicitMember("useDefaultKeys", _)?: break
        case .implicitMember("convertFromSnakeCase", _)?: call.keys = .convertFromSnakeCase
        default: throw UnsupportedConstruct(node, "`keys:` must be .useDefaultKeys or .convertFromSnakeCase")
        }
        switch arguments.value("dates") {
        case nil, .implicitMember("deferredToDate", _)?: break
        case .implicitMember("iso8601", _)?: call.dates = .iso8601
        case .implicitMember("secondsSince1970", _)?: call.dates = .secondsSince1970
        case .implicitMember("millisecondsSince1970", _)?: call.dates = .millisecondsSince1970
        case .implicitMember("formatted", let values)? where values.count == 1:
            guard case .dateFormat(let format) = values[0] else { fallthrough }
            call.dates = .formatted(format)
        default:
            throw UnsupportedConstruct(node, "`dates:` must be .iso8601, .secondsSince1970, .millisecondsSince1970 or .formatted(Workbench.dateFormatter(\"…\"))")
        }
        if case .string(let text)? = arguments.value("at") { call.path = text }
        return call
    }
}

extension WorkbenchStatement {
    /// Reads back the statement whose `swiftSource` is `source`, without running it: the law the
    /// round-trip tests state is `reading(swift: s.swiftSource()) == s`.
    @MainActor
    public static func reading(swift source: String) async throws -> WorkbenchStatement {
        let tree = Parser.parse(source: source)
        guard !tree.hasError, tree.statements.count == 1, let item = tree.statements.first else {
            throw ReplayStepError("not one Swift statement: \(source)")
        }
        let interpreter = SnippetInterpreter.prompt(workspace: ModelWorkspace(), console: Console(capturingWithColors: false),
                                                    workbench: Workbench(console: Console(capturingWithColors: false)))
        return try await interpreter.statement(reading: item)
    }
}

extension SnippetInterpreter {
    /// The statement a top-level item is: `wb.NAME(…)`, `let NAME = try wb.decode(…)`, `wb.timeout = 5`.
    func statement(reading item: CodeBlockItemSyntax) async throws -> WorkbenchStatement {
        var binding: DecodeCall.Binding?
        var expression: ExprSyntax
        switch item.item {
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self), let first = variable.bindings.first,
                  let name = first.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = first.initializer?.value else {
                throw UnsupportedConstruct(declaration, "not a statement of the vocabulary")
            }
            binding = DecodeCall.Binding(name: name, isVariable: variable.bindingSpecifier.tokenKind == .keyword(.var))
            expression = initial
        case .stmt(let statement):
            guard let inner = statement.as(ExpressionStmtSyntax.self)?.expression else {
                throw UnsupportedConstruct(statement, "not a statement of the vocabulary")
            }
            expression = inner
        case .expr(let inner): expression = inner
        }
        while true {
            if let node = expression.as(TryExprSyntax.self) { expression = node.expression } else if let node = expression.as(AwaitExprSyntax.self) { expression = node.expression } else { break }
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let target = Array(sequence.elements)[0].as(MemberAccessExprSyntax.self) {
            let property = target.trimmedDescription.hasPrefix("wb.") ? String(target.trimmedDescription.dropFirst(3)) : target.trimmedDescription
            return try WorkbenchStatement.readAssignment(property, try await evaluate(Array(sequence.elements)[2]), at: sequence)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "print",
           call.arguments.first?.expression.trimmedDescription == "wb.request.method" {
            return .showMethod
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let method = call.calledExpression.as(MemberAccessExprSyntax.self),
              method.base?.trimmedDescription == "wb" else {
            throw UnsupportedConstruct(expression, "not a `wb.…` call")
        }
        var arguments = Arguments(values: [])
        for argument in call.arguments {
            arguments.values.append((argument.label?.text, try await evaluate(argument.expression), argument.expression))
        }
        var statement = try WorkbenchStatement.read(method.declName.baseName.text, arguments, at: call)
        if case .decode(var decode) = statement {
            decode.binding = binding
            statement = .decode(decode)
        }
        return statement
    }
}
