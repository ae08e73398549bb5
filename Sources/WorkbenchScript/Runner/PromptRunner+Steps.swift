import Foundation
import LineResults
internal import SwiftSyntax
import WorkbenchKit

/// How `play` runs a file's statements from a change: each on the interpreter while it can, then
/// the rest compiled once, as one input of a step each (docs/decisions/swift-host.md, "An input
/// of several steps").
extension PromptRunner {
    /// What `runSteps` did: how many of the items ran to their end (each a step), the values their
    /// lines had (each result's `unit` the item it is in, its line counted from the item's first),
    /// and whether one failed (its failure printed; a compile error at the file's line).
    public struct StepsRun {
        public let ran: Int
        public let results: [LineResult]
        public let failed: Bool
        /// Compiled, then dropped by `beforeRunning`: nothing ran or was said.
        public var dropped = false
    }

    /// Whether `runOnInterpreter` would run `item` there rather than leave it to the compiler;
    /// nothing runs to find out.
    public func interpreterTakes(_ item: SwiftItem) async -> Bool {
        let item = item.syntax
        if SessionImport(item) != nil || Self.isModel(item) { return true }
        if PlaygroundBlock.isBlock(item) || compiledOnly { return false }
        return await interpreter.canFinish(item, showing: true)
    }

    /// Runs `item` as the prompt runs it when the interpreter can finish it (an import too); false,
    /// with nothing run, when only the compiler can.
    public func runOnInterpreter(_ item: SwiftItem, settings: PromptSettings) async throws -> Bool {
        configuration.settings = settings
        return try await runUnlessCompiled(item.syntax)
    }

    /// Runs `items` (top-level items of one file) in the host, compiled once, each a step of its
    /// own: what the ones before a failure bound keeps its value, and the session can later be cut
    /// between any two of them. With `resultsColumn` it is compiled as a playground, and their
    /// lines' values are returned rather than shown. A compile error in one runs the items above it
    /// first, then is printed at the file's line. `beforeRunning` is asked once they are compiled,
    /// before anything runs or is said: false drops them.
    public func runSteps(_ items: [SwiftItem], resultsColumn: Bool, settings: PromptSettings,
                         beforeRunning: () -> Bool = { true }) async -> StepsRun {
        let items = items.map(\.syntax)
        configuration.settings = settings
        refreshSettings()
        host.placeUnitCompileError = { unit, error in Self.placing(from: items[unit], afterLeadingTrivia: true)(error) }
        // One item is an input like any other, its error placed by `placeCompileError`.
        if let only = items.first, items.count == 1 { host.placeCompileError = Self.placing(from: only, afterLeadingTrivia: true) }
        defer {
            host.placeUnitCompileError = { $1 }
            host.placeCompileError = { $0 }
        }
        let sources = items.map(\.trimmedDescription)
        let outcome = await host.run(steps: sources, after: settledLog(), output: resultsOutput, resultsColumn: resultsColumn,
                                     interrupted: interrupted, beforeRunning: beforeRunning)
        if outcome.dropped {
            var dropped = StepsRun(ran: 0, results: [], failed: false)
            dropped.dropped = true
            return dropped
        }
        workbench?.join(outcome.exchanges)
        if let state = outcome.requestState { workbench?.restore(state) }
        for (index, step) in outcome.steps.enumerated() {
            logCompiled(step, changing: step.unit)
            // Each step with the values it showed (the host's `wb` handed back all of them).
            workbench?.shownValues = index < outcome.shownBySteps.count ? outcome.shownBySteps[index] : []
            ran(step.source, exchanges: step.exchanges)
            // A model the host declared is the interpreter's too, as one typed at the prompt is:
            // `decode Post` reads it (the host has it already, so nothing more is logged).
            for item in step.unit.items where Self.isModel(item.syntax) {
                _ = try? interpreter.workspace.declare(item.syntax.trimmedDescription)
            }
        }
        joinSessionRequests()
        let results = outcome.results + Self.declarationResults(of: items.prefix(outcome.steps.count))
        if outcome.succeeded { return StepsRun(ran: items.count, results: results, failed: false) }
        guard let error = outcome.compileError, let unit = outcome.failedUnit else {
            // What the units before the failure bound is theirs; the failed one's changes are forgotten.
            if outcome.steps.count < items.count { forgetInterpreterValues(changedBy: ProgramUnit(sources[outcome.steps.count])) }
            explainMissingName(in: outcome.failure)
            return StepsRun(ran: outcome.steps.count, results: results, failed: true)
        }
        // Nothing ran: the items above the one that does not compile run first, as they would
        // one by one, then its error is told.
        var above = StepsRun(ran: 0, results: [], failed: false)
        if unit > 0 { above = await runSteps(items.prefix(unit).map(SwiftItem.init), resultsColumn: resultsColumn, settings: settings) }
        if !above.failed { console.failure(error.text, context: error.context) }
        return StepsRun(ran: above.ran, results: above.results, failed: true)
    }

    /// The column of the declarations among items that ran, at their first line: what the prompt
    /// prints for one (`defined Post (3 properties)`), which the playground transform does not report.
    private static func declarationResults(of items: ArraySlice<CodeBlockItemSyntax>) -> [LineResult] {
        items.enumerated().compactMap { unit, item in
            guard let line = item.item.as(DeclSyntax.self).flatMap(DeclarationSummary.line(for:)) else { return nil }
            var result = LineResult(kind: .printed, line: 1, column: 1, name: "", text: line)
            result.unit = unit
            return result
        }
    }
}
