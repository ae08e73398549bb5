import Foundation
import ModelRuntime
internal import SwiftSyntax
import WorkbenchKit

/// Calls: `print`, `Workbench(…)`, `Sandbox.start()`, methods on values and on the workbench.
extension SnippetInterpreter {
    /// A call's arguments, evaluated, with their labels (nil for unlabelled).
    struct Arguments {
        var values: [(label: String?, value: ReplayValue, node: ExprSyntax)]

        var labels: [String?] { values.map(\.label) }

        func value(_ label: String?) -> ReplayValue? {
            values.first { $0.label == label }?.value
        }
    }

    func call(_ node: FunctionCallExprSyntax) async throws -> ReplayValue {
        guard node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty else {
            throw UnsupportedConstruct(node, "closures are not supported in replay")
        }
        var arguments = Arguments(values: [])
        for argument in node.arguments {
            arguments.values.append((argument.label?.text, try await evaluate(argument.expression), argument.expression))
        }
        if let function = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            switch function.baseName.text {
            case "print": return try printCall(arguments, node)
            case "Workbench": return try makeWorkbench(arguments, node)
            default: break
            }
        }
        guard let method = node.calledExpression.as(MemberAccessExprSyntax.self) else {
            throw UnsupportedConstruct(node.calledExpression, "calling '\(node.calledExpression.trimmedDescription)' is not supported in replay")
        }
        let name = method.declName.baseName.text
        guard let baseExpression = method.base else { return .implicitMember(name, arguments.values.map(\.value)) }
        switch (try await evaluate(baseExpression), name) {
        case (.type("Sandbox"), "start") where arguments.values.isEmpty:
            guard let sandboxURL else {
                throw ReplayStepError("no sandbox is running — start `workbench` without --no-sandbox to replay this snippet")
            }
            return .sandbox(sandboxURL)
        case (.type("Workbench"), "dateFormatter"):
            guard case .string(let format)? = arguments.value(nil) else { break }
            return .dateFormat(format)
        case (.workbench(let workbench), _):
            return try await callWorkbench(workbench, name, arguments, node)
        case (.typed(let value), "prefix"):
            guard case .int(let count)? = arguments.value(nil), case .array(let items) = value.value else { break }
            return .typed(TypedValue(value: .array(Array(items.prefix(max(0, count)))), type: value.type))
        case (.typed(let value), "joined"):
            guard case .array(let items) = value.value, arguments.labels.allSatisfy({ $0 == "separator" }) else { break }
            var separator = ""
            if case .string(let text)? = arguments.value("separator") { separator = text }
            var strings: [String] = []
            for item in items {
                guard let text = item.text else { break }
                strings.append(text)
            }
            guard strings.count == items.count else { break }
            return .string(strings.joined(separator: separator))
        case (let base, _):
            throw UnsupportedConstruct(method.declName, "'\(name)(…)' on a value of type '\(base.kindName)' is not supported in replay")
        }
        throw UnsupportedConstruct(node, "'\(node.calledExpression.trimmedDescription)' with these arguments is not supported in replay")
    }

    private func printCall(_ arguments: Arguments, _ node: FunctionCallExprSyntax) throws -> ReplayValue {
        guard arguments.labels.allSatisfy({ $0 == nil }) else {
            throw UnsupportedConstruct(node, "`print` with `separator:` or `terminator:` is not supported in replay")
        }
        let texts = try arguments.values.map { try printable($0.value, at: $0.node) }
        if checking { return .none }
        console.line(texts.joined(separator: " "))
        console.flush()
        return .none
    }

    private func makeWorkbench(_ arguments: Arguments, _ node: FunctionCallExprSyntax) throws -> ReplayValue {
        var base: String?
        switch arguments.value("base") {
        case .string(let text)?: base = text
        case nil, .null?: break
        default: throw UnsupportedConstruct(node, "`base:` must be a string")
        }
        let workbench: Workbench
        switch (arguments.labels.contains("sandbox"), arguments.value("sandbox")) {
        case (false, _):
            guard arguments.labels.allSatisfy({ $0 == "base" }) else { throw UnsupportedConstruct(node, "Workbench(…) takes `base:` and `sandbox:`") }
            if checking { return .pending }
            workbench = Workbench(base: nil, console: console, environment: environment)
            prepare(workbench)
        case (true, .url(let url)?):
            if checking { return .pending }
            workbench = Workbench(base: nil, sandbox: url, console: console, environment: environment)
            prepare(workbench)
            workbench.sandboxURL = url
        default:
            throw UnsupportedConstruct(node, "`sandbox:` must be `sandbox.baseURL` (from `try await Sandbox.start()`)")
        }
        // A snippet's models are this interpreter's, wired once for the workbench's lifetime.
        workbench.declaredModels = workspace
        // Set the base after `prepare`, as the compiled initializer does once it knows the sandbox.
        if let base {
            do {
                try workbench.base(base)
            } catch {
                console.line("error: \(error)")
                console.flush()
            }
        }
        return .workbench(workbench)
    }
}

/// A step that failed for a reason of replay's own (no sandbox to stand for `Sandbox.start()`).
struct ReplayStepError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
