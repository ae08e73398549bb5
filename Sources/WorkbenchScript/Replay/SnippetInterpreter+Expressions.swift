import Foundation
import ModelRuntime
internal import SwiftSyntax
import WorkbenchKit

/// Expressions: literals, names, member access, subscripts, calls, string interpolation.
extension SnippetInterpreter {
    func evaluate(_ expression: ExprSyntax) async throws -> ReplayValue {
        if let node = expression.as(TryExprSyntax.self) {
            guard node.questionOrExclamationMark == nil else {
                throw UnsupportedConstruct(node, "`try?` and `try!` are not supported in replay; use `try` in a `do` block")
            }
            return try await evaluate(node.expression)
        }
        if let node = expression.as(AwaitExprSyntax.self) { return try await evaluate(node.expression) }
        if let node = expression.as(TupleExprSyntax.self), node.elements.count == 1, let only = node.elements.first,
           only.label == nil {
            return try await evaluate(only.expression)
        }
        if let node = expression.as(StringLiteralExprSyntax.self) { return .string(try await text(of: node)) }
        if let node = expression.as(IntegerLiteralExprSyntax.self) {
            guard let number = Int(node.literal.text.replacingOccurrences(of: "_", with: "")) else {
                throw UnsupportedConstruct(node, "integer literal '\(node.literal.text)' is not supported in replay")
            }
            return .int(number)
        }
        if let node = expression.as(FloatLiteralExprSyntax.self),
           let number = Double(node.literal.text.replacingOccurrences(of: "_", with: "")) {
            return .double(number)
        }
        if let node = expression.as(BooleanLiteralExprSyntax.self) { return .bool(node.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .null }
        if let node = expression.as(DeclReferenceExprSyntax.self) { return try name(node) }
        if let node = expression.as(MemberAccessExprSyntax.self) { return try await member(node) }
        if let node = expression.as(SubscriptCallExprSyntax.self) { return try await subscripted(node) }
        if let node = expression.as(FunctionCallExprSyntax.self) { return try await call(node) }
        if let node = expression.as(DictionaryExprSyntax.self) { return try await dictionary(node) }
        if let node = expression.as(SequenceExprSyntax.self) { return try await assignment(node) }
        throw UnsupportedConstruct(expression, UnsupportedConstruct.sentence(for: expression))
    }

    /// The text of a one-line literal with neither escapes nor interpolations (`"/posts/1"`), read
    /// straight from its token: most literals of a snippet, and swift-syntax's general evaluation
    /// (`representedLiteralValue`) was a sixth of replay's instructions.
    static func escapeFreeText(of literal: StringLiteralExprSyntax) -> String? {
        guard literal.openingPounds == nil, literal.openingQuote.tokenKind == .stringQuote, literal.segments.count == 1,
              case .stringSegment(let piece)? = literal.segments.first else { return nil }
        return escapeFreeText(of: piece)
    }

    private static func escapeFreeText(of piece: StringSegmentSyntax) -> String? {
        let text = piece.content.text
        return text.utf8.contains(UInt8(ascii: "\\")) ? nil : text
    }

    /// A string literal's value, with `\(…)` interpolations printed as `print` would print them.
    func text(of literal: StringLiteralExprSyntax) async throws -> String {
        if let plain = Self.escapeFreeText(of: literal) { return plain }
        if let plain = literal.representedLiteralValue { return plain }
        guard literal.openingQuote.tokenKind == .stringQuote, literal.openingPounds == nil else {
            throw UnsupportedConstruct(literal, "interpolation in multi-line or raw strings is not supported in replay")
        }
        var result = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                if let plain = Self.escapeFreeText(of: piece) {
                    result += plain
                } else {
                    let single = StringLiteralExprSyntax(openingQuote: .stringQuoteToken(), segments: [.stringSegment(piece)],
                                                         closingQuote: .stringQuoteToken())
                    result += single.representedLiteralValue ?? piece.content.text
                }
            case .expressionSegment(let piece):
                guard piece.expressions.count == 1, let only = piece.expressions.first, only.label == nil else {
                    throw UnsupportedConstruct(piece, "interpolations with options are not supported in replay")
                }
                result += try printable(try await evaluate(only.expression), at: only.expression)
            }
        }
        return result
    }

    /// `print`'s text for `value`.
    func printable(_ value: ReplayValue, at node: some SyntaxProtocol) throws -> String {
        guard let text = value.printed(moduleName: script.moduleName) else {
            throw UnsupportedConstruct(node, "printing a value of type '\(value.kindName)' is not supported in replay")
        }
        return text
    }

    private func name(_ node: DeclReferenceExprSyntax) throws -> ReplayValue {
        let name = node.baseName.text
        if let value = lookup(name) { return value }
        if ["Workbench", "Sandbox", "JSONDecoder", "ProcessInfo"].contains(name) { return .type(name) }
        throw UnsupportedConstruct(node, "cannot find '\(name)' in scope")
    }

    private func member(_ node: MemberAccessExprSyntax) async throws -> ReplayValue {
        let name = node.declName.baseName.text
        guard let baseExpression = node.base else { return .implicitMember(name, []) }
        if name == "self" { return .type(baseExpression.trimmedDescription) }
        // `wb.request.method` (what `method` alone shows) is the one property of the request read here.
        if name == "method", let request = baseExpression.as(MemberAccessExprSyntax.self), request.declName.baseName.text == "request",
           let owner = request.base, case .workbench(let workbench) = try await evaluate(owner) {
            return .string(workbench.request.method)
        }
        var chained = false
        var base: ReplayValue
        if let optional = baseExpression.as(OptionalChainingExprSyntax.self) {
            chained = true
            base = try await evaluate(optional.expression)
        } else {
            base = try await evaluate(baseExpression)
        }
        switch (base, name) {
        case (.sandbox(let url), "baseURL"): return .url(url)
        case (.type("ProcessInfo"), "processInfo"): return .type("ProcessInfo.processInfo")
        case (.type("ProcessInfo.processInfo"), "environment"): return .environment
        case (.string(let text), "count"): return .int(text.count)
        case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
        case (.workbench(let workbench), "timeout"): return .double(workbench.timeout)
        case (.workbench(let workbench), "followRedirects"): return .bool(workbench.followRedirects)
        case (.workbench(let workbench), "bodyLines"): return .int(workbench.bodyLines)
        case (.workbench(let workbench), "maxBodyBytes"): return .int(workbench.maxBodyBytes)
        case (.typed(let value), _):
            return try access(value, .member(name, optionalChain: chained), describedAs: baseExpression.trimmedDescription, at: node)
        default:
            throw UnsupportedConstruct(node.declName, "'\(name)' of a value of type '\(base.kindName)' is not supported in replay")
        }
    }

    private func subscripted(_ node: SubscriptCallExprSyntax) async throws -> ReplayValue {
        let base = try await evaluate(node.calledExpression)
        if case .environment = base, node.arguments.count == 1, let argument = node.arguments.first,
           case .string(let name) = try await evaluate(argument.expression) {
            return ProcessInfo.processInfo.environment[name].map { .string($0) } ?? .null
        }
        guard case .typed(let value) = base, node.arguments.count == 1, let argument = node.arguments.first else {
            throw UnsupportedConstruct(node, "subscripting a value of type '\(base.kindName)' is not supported in replay")
        }
        let described = node.calledExpression.trimmedDescription
        switch try await evaluate(argument.expression) {
        case .int(let index): return try access(value, .index(index), describedAs: described, at: node)
        case .string(let key): return try access(value, .key(key), describedAs: described, at: node)
        case let other:
            throw UnsupportedConstruct(argument, "a subscript of type '\(other.kindName)' is not supported in replay")
        }
    }

    /// A member, index or key of a value. What the decoded value cannot answer (a computed
    /// property from an extension, an index out of range) is left to the compiled path, which
    /// answers as Swift does (a compile error, a trap).
    private func access(_ value: TypedValue, _ step: ValuePath.Step, describedAs name: String, at node: some SyntaxProtocol) throws -> ReplayValue {
        do {
            return .typed(try value.applying(step, describedAs: name))
        } catch {
            throw UnsupportedConstruct(node, error.description)
        }
    }

    private func dictionary(_ node: DictionaryExprSyntax) async throws -> ReplayValue {
        guard case .elements(let elements) = node.content else { return .pairs([]) }
        var pairs: [(key: String, value: ReplayValue)] = []
        for element in elements {
            guard case .string(let key) = try await evaluate(element.key) else {
                throw UnsupportedConstruct(element.key, "dictionary keys must be strings in replay")
            }
            pairs.append((key, try await evaluate(element.value)))
        }
        return .pairs(pairs)
    }

    /// `wb.timeout = 5`, `wb.followRedirects = false`, `wb.bodyLines = 100`: the `set` options.
    private func assignment(_ node: SequenceExprSyntax) async throws -> ReplayValue {
        let parts = Array(node.elements)
        // `environment["TOKEN"] ?? ""`: how saved snippets read secrets.
        if parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            let value = try await evaluate(parts[0])
            if case .null = value { return try await evaluate(parts[2]) }
            guard case .typed(let typed) = value, case .optional(let wrapped) = typed.type else { return value }
            if typed.value == .null { return try await evaluate(parts[2]) }
            return .typed(TypedValue(value: typed.value, type: wrapped))
        }
        // `wb.timeout = 5`, `wb.console.colors = false`: the `set` options.
        if parts.count == 3, parts[1].is(AssignmentExprSyntax.self), let target = parts[0].as(MemberAccessExprSyntax.self),
           let (workbench, property) = try await workbenchProperty(target) {
            let statement = try WorkbenchStatement.readAssignment(property, try await evaluate(parts[2]), at: node)
            if checking { return .none }
            try await statement.run(on: workbench)
            return .none
        }
        throw UnsupportedConstruct(node, "operators are not supported in replay")
    }

    /// `wb.timeout` → (wb, "timeout"); `wb.console.colors` → (wb, "console.colors"); nil for anything else.
    private func workbenchProperty(_ target: MemberAccessExprSyntax) async throws -> (Workbench, String)? {
        let name = target.declName.baseName.text
        guard let base = target.base else { return nil }
        if let console = base.as(MemberAccessExprSyntax.self), console.declName.baseName.text == "console", let owner = console.base,
           case .workbench(let workbench) = try await evaluate(owner) {
            return (workbench, "console." + name)
        }
        guard case .workbench(let workbench) = try await evaluate(base) else { return nil }
        return (workbench, name)
    }
}
