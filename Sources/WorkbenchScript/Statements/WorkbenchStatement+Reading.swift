import Foundation
internal import SwiftParser
internal import SwiftSyntax
import WorkbenchKit

/// Reading statements back from Swift: a `wb.NAME(…)` call, with its arguments evaluated, is the
/// statement whose `swiftSource` it is. Replay and the prompt's `wb.…` input both come through here.
/// Which form a call is, and the type of each argument, come from the descriptor table
/// (`StatementForm+Descriptors.swift` in WorkbenchKit); this file only turns values into arguments.
extension WorkbenchStatement {
    /// The statement for `wb.NAME(arguments)`; throws `UnsupportedConstruct` for a call that is not
    /// in the vocabulary.
    static func read(_ name: String, _ arguments: SnippetInterpreter.Arguments, at node: FunctionCallExprSyntax) throws -> WorkbenchStatement {
        guard let (form, indices) = StatementForm.call(name, labels: arguments.labels) else {
            let shape = arguments.labels.map { ($0 ?? "_") + ":" }.joined()
            throw UnsupportedConstruct(node, "`wb.\(name)(\(shape))` is not part of the WorkbenchKit vocabulary")
        }
        let parameters = form.descriptor.parameters
        var values = [StatementArgument?](repeating: nil, count: parameters.count)
        for (given, index) in zip(arguments.values, indices) {
            values[index] = try StatementArgument(given.value, as: parameters[index].kind, at: given.node, in: name)
        }
        guard let statement = WorkbenchStatement(form: form, arguments: values) else {
            throw UnsupportedConstruct(node, "`wb.\(name)(…)` with these values is not part of the WorkbenchKit vocabulary")
        }
        return statement
    }

    /// `wb.timeout = 5`, `wb.followRedirects = false`, `wb.bodyLines = 20`, `wb.console.colors = false`.
    static func readAssignment(_ property: String, _ value: ReplayValue, at node: some SyntaxProtocol) throws -> WorkbenchStatement {
        let unsupported = UnsupportedConstruct(node, "assigning '\(property)' a value of type '\(value.kindName)' is not supported")
        guard let form = StatementForm.assignment(property), let kind = form.descriptor.parameters.first?.kind,
              let argument = try? StatementArgument(value, as: kind, at: node, in: property),
              let statement = WorkbenchStatement(form: form, arguments: [argument]) else { throw unsupported }
        return statement
    }
}

extension StatementArgument {
    /// An evaluated argument as a value of the parameter's kind; `call` names the method in errors.
    init(_ value: ReplayValue, as kind: StatementDescriptor.Kind, at node: some SyntaxProtocol, in call: String) throws {
        switch (kind, value) {
        case (.text, .string(let text)), (.optionalText, .string(let text)): self = kind == .text ? .text(text) : .optionalText(text)
        case (.optionalText, .null): self = .optionalText(nil)
        case (.pairs, .pairs(let pairs)):
            self = .pairs(try pairs.map { pair in
                guard case .string(let text) = pair.value else { throw UnsupportedConstruct(node, "the value for '\(pair.key)' must be a string") }
                return WorkbenchStatement.Pair(pair.key, text)
            })
        case (.fields, .pairs(let pairs)):
            self = .fields(try pairs.map { WorkbenchStatement.JSONFieldPair($0.key, try Self.jsonField($0.value, at: node)) })
        case (.integer, .int(let number)): self = .integer(number)
        case (.number, .int(let number)): self = .number(Double(number))
        case (.number, .double(let number)): self = .number(number)
        case (.flag, .bool(let flag)): self = .flag(flag)
        case (.type, .type(let type)): self = .type(type)
        case (.keys, .implicitMember(let name, let values)) where values.isEmpty:
            guard let keys = DecodingOptions.Keys(rawValue: name) else { fallthrough }
            self = .keys(keys)
        case (.dates, .implicitMember(let name, let values)):
            var format: String?
            if case .dateFormat(let given)? = values.first, values.count == 1 { format = given }
            guard values.count == (format == nil ? 0 : 1), let dates = DecodingOptions.Dates(name: name, format: format) else { fallthrough }
            self = .dates(dates)
        default:
            throw UnsupportedConstruct(node, "`\(call)` does not take a value of type '\(value.kindName)' here (\(kind.expected))")
        }
    }

    /// A `JSONField` literal: a string, number, `true`, `nil`, or `.json("…")` / `.string("…")`.
    private static func jsonField(_ value: ReplayValue, at node: some SyntaxProtocol) throws -> JSONField {
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
}

extension StatementDescriptor.Kind {
    /// What an argument of this kind must be, for errors.
    var expected: String {
        switch self {
        case .text: "a string"
        case .optionalText: "a string or nil"
        case .pairs: "a dictionary literal like [\"name\": \"value\"]"
        case .fields: "a dictionary of JSON fields"
        case .integer: "a whole number"
        case .number: "a number"
        case .flag: "true or false"
        case .type: "TYPE.self"
        case .keys: DecodingOptions.Keys.allCases.map { "." + $0.rawValue }.joined(separator: " or ")
        case .dates:
            DecodingOptions.Dates.named.map { $0.swiftSource(interpolating: nil) }.joined(separator: ", ")
                + " or .formatted(Workbench.dateFormatter(\"…\"))"
        }
    }
}

extension WorkbenchStatement {
    /// Reads back the statement whose `swiftSource` is `source`, without running it: the law the
    /// round-trip tests state is `reading(swift: s.swiftSource()) == s`.
    @MainActor
    public static func reading(swift source: String) async throws -> WorkbenchStatement {
        let tree = SwiftParse.file(source)
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
        expression = expression.withoutTryAndAwait
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let target = Array(sequence.elements)[0].as(MemberAccessExprSyntax.self) {
            let property = target.trimmedDescription.hasPrefix("wb.") ? String(target.trimmedDescription.dropFirst(3)) : target.trimmedDescription
            return try WorkbenchStatement.readAssignment(property, try await evaluate(Array(sequence.elements)[2]), at: sequence)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "print",
           call.arguments.count == 1, let printed = call.arguments.first?.expression.trimmedDescription,
           let form = StatementForm.printed(printed), let statement = WorkbenchStatement(form: form, arguments: []) {
            return statement
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
