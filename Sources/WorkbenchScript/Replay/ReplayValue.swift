import Foundation
import ModelRuntime
import WorkbenchKit

/// A value while replaying: what a snippet's expressions evaluate to.
enum ReplayValue {
    case none
    case workbench(Workbench)
    /// `try await Sandbox.start()`: the session's sandbox, by its base URL.
    case sandbox(URL)
    case url(URL)
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    /// A decoded value (or part of one) with its Swift type.
    case typed(TypedValue)
    case exchange(Exchange)
    /// `Post.self`, `[Post].self`: the type as written.
    case type(String)
    /// `.iso8601`, `.convertFromSnakeCase`, `.formatted(…)`, `.json("…")`: resolved by the callee.
    case implicitMember(String, [ReplayValue])
    /// `Workbench.dateFormatter("yyyy-MM-dd")`.
    case dateFormat(String)
    /// `["userId": "1"]`, in order.
    case pairs([(key: String, value: ReplayValue)])
    /// The `error` bound in a `catch` block.
    case error(any Error)
    /// `ProcessInfo.processInfo.environment`, where saved snippets read secrets.
    case environment
    /// What a call with an effect (a request, a new `Workbench`) gives while the interpreter only
    /// checks that it can finish an item (SnippetInterpreter+Check.swift): not known yet.
    case pending
}

extension ReplayValue {
    /// What a reader calls this kind of value, for error messages.
    var kindName: String {
        switch self {
        case .none: "nothing"
        case .workbench: "Workbench"
        case .sandbox: "Sandbox"
        case .url: "URL"
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .null: "nil"
        case .typed(let value): value.type.source
        case .exchange: "Exchange"
        case .type(let name): "\(name).Type"
        case .implicitMember(let name, _): ".\(name)"
        case .dateFormat: "DateFormatter"
        case .pairs: "a dictionary literal"
        case .error: "Error"
        case .environment: "[String: String]"
        case .pending: "a result not known before the call"
        }
    }

    var isPending: Bool {
        if case .pending = self { true } else { false }
    }

    /// The text `print` and `\(…)` give, in a snippet compiled as module `moduleName`; nil for
    /// values whose compiled printout replay cannot reproduce.
    func printed(moduleName: String) -> String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): number.description
        case .bool(let flag): flag ? "true" : "false"
        case .null: "nil"
        case .url(let url): url.absoluteString
        case .typed(let value): value.printed(moduleName: moduleName)
        case .error(let error): String(describing: error)
        case .type(let name): name
        default: nil
        }
    }
}
