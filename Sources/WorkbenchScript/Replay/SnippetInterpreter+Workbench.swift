import Foundation
import ModelRuntime
internal import SwiftSyntax
import WorkbenchKit

/// `wb.NAME(…)`: each command's statement, read back from the call and run on a real `Workbench`.
extension SnippetInterpreter {
    func callWorkbench(_ wb: Workbench, _ name: String, _ arguments: Arguments, _ node: FunctionCallExprSyntax) async throws -> ReplayValue {
        let statement = try WorkbenchStatement.read(name, arguments, at: node)
        if checking { return .pending }
        switch try await statement.run(on: wb) {
        case .none: return .none
        case .exchange(let exchange): return .exchange(exchange)
        case .decoded(let decoded):
            guard let value = decoded.value as? TypedValue else { return .none }
            return .typed(value)
        }
    }
}

/// The REPL's and replay's models decode `decode` statements: the same decoder, the same report.
extension ModelWorkspace: DeclaredModels {
    public func decode(_ call: DecodeCall, document: CurrentDocument, forTerminal: Bool) throws -> DecodedModel {
        self.document = document
        let value = try decode(call.type, options: call.options, at: call.path)
        lastDecoded = value
        let report = value.report(moduleName: moduleName, forTerminal: forTerminal)
        return DecodedModel(report: report, value: value)
    }
}
