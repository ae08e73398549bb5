import Foundation
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// Runs statements of the WorkbenchKit vocabulary in order, each recorded once it succeeded.
    /// Every `\(…)` of them is evaluated first: when one fails, none has run, and the request is
    /// as it was (a pasted curl command's `reset` and URL come before its headers). One that fails
    /// after it changed the request (`get URL`, refused) is no step, but the Swift host is told of it.
    func perform(_ statements: [WorkbenchStatement]) async throws {
        var resolvedStatements: [WorkbenchStatement] = []
        for statement in statements { resolvedStatements.append(try await resolvingInterpolations(statement)) }
        for (statement, resolved) in zip(statements, resolvedStatements) {
            let before = workbench.exchanges.count
            let readBefore = workbench.documentReads.count
            let mark = swift.mark()
            let result: StatementResult
            do {
                result = try await resolved.run(on: workbench)
            } catch {
                swift.recordFailed(statement.swiftSource(secrets: .environmentReads, interpolating: interpolationEnds), since: mark,
                                   secrets: statement.secretValues)
                throw error
            }
            apply(SessionEffects(statement: statement, result: result, exchanges: Array(workbench.exchanges[before...]),
                                 documents: Array(workbench.documentReads[readBefore...])))
        }
    }

    /// Build statements print nothing (in a snippet too); at a terminal the URL they leave is worth
    /// a glance, dimmed.
    func echoURL(after statements: [WorkbenchStatement]) {
        guard console.isTerminal, statements.contains(where: \.changesURLOrHeaders), let url = try? workbench.request.url() else { return }
        console.writeTransient(console.styled(url.absoluteString, .dim) + "\n")
    }

    /// The statement with each `\(expression)` replaced by the text Swift interpolation gives.
    func resolvingInterpolations(_ statement: WorkbenchStatement) async throws -> WorkbenchStatement {
        let expressions = statement.interpolatedExpressions(ends: interpolationEnds)
        guard !expressions.isEmpty else { return statement }
        var values: [String: String] = [:]
        for expression in expressions where values[expression] == nil {
            values[expression] = try await interpolationText(expression)
        }
        let ends = interpolationEnds
        return statement.mapTexts { Interpolation.substitute($0, values, ends: ends) }
    }
}
