import Foundation
import LineEditor
import WorkbenchKit
import WorkbenchScript

/// The session's steps compared with a new text of them (docs/ARCHITECTURE.md, "The playground
/// loop"): the first top-level item that differs, by its tokens (white space and comments aside),
/// and every item after it run again as inputs; the steps before it, and the values they made in
/// the Swift host, stay as they are. `edit` gives the new text from the user's editor.
struct StepRevision {
    /// A step's items as Swift, each with the step it belongs to.
    struct Item: Equatable {
        let source: String
        let tokens: [String]
        let step: Int
    }

    /// The items of the steps now, in order.
    let current: [Item]
    /// The items of the new text, in order (their `step` is their position).
    let revised: [Item]

    init(steps: [String], revised: String) {
        current = steps.enumerated().flatMap { index, text in Self.items(of: text, step: index) }
        self.revised = Self.items(of: revised, step: 0)
    }

    /// The step from which the session runs again (its index), and the revised items it runs from
    /// there; nil when the new text means the same items.
    var rerun: (fromStep: Int, items: [String])? {
        let same = zip(current, revised).prefix { $0.tokens == $1.tokens }.count
        guard same < current.count || same < revised.count else { return nil }
        // The whole step the first difference is in runs again: its items before the difference
        // are the same in both, so the revised text from its first item on stands for it.
        let step = same < current.count ? current[same].step : (current.last.map { $0.step + 1 } ?? 0)
        let first = current.firstIndex { $0.step == step } ?? current.count
        return (step, revised.dropFirst(first).map(\.source))
    }

    static func items(of text: String, step: Int) -> [Item] {
        SwiftFile(parsing: text).items.map { Item(source: $0.text, tokens: $0.tokens, step: step) }
    }
}

extension Session {
    /// Each step as the Swift it is edited as: a command as its WorkbenchKit statement (what `save`
    /// writes, secrets in clear: the file is the user's own and lives only while the editor runs).
    var editableSteps: [String] {
        transcript.steps.map { step in
            switch step.kind {
            case .statement(let statement):
                let root = sandboxURL.map { $0.absoluteString.trimmingSuffixes("/") }
                return statement.portable(sandboxRoot: root).swiftSource(secrets: .inClear, interpolating: interpolationEnds)
            case .swift(let source): return source
            }
        }
    }

    /// Runs the session again from the first step `revised` changes: the steps after it are
    /// dropped from the transcript and each revised item from there runs as an input, recorded
    /// as it succeeds. At the first failure (or Ctrl-C) it stops, and the items not run are kept
    /// for `edit` to open again. Returns false when something failed (true when nothing changed).
    func rerun(_ revised: String) async -> Bool {
        let revision = StepRevision(steps: editableSteps, revised: revised)
        guard let rerun = revision.rerun else {
            console.line(console.styled("unchanged: nothing ran", .dim))
            return true
        }
        let kept = rerun.fromStep
        let steps = rerun.items.count
        if steps == 0 {
            let last = transcript.steps.count
            console.line(console.styled(kept + 1 == last ? "removed step \(last)" : "removed steps \(kept + 1)–\(last)", .dim))
        } else {
            let what = steps == 1 ? "1 step" : "\(steps) steps"
            console.line(console.styled("running from step \(kept + 1) (\(what); the steps before it keep their values)", .dim))
        }
        keepFirstSteps(kept)
        unfinishedEdit = nil
        for (index, item) in rerun.items.enumerated() {
            let succeeded = await evaluate(item)
            if !succeeded || Interrupt.isPending {
                let left = rerun.items[index...]
                unfinishedEdit = left.joined(separator: "\n") + "\n"
                let stopped = Interrupt.isPending ? "interrupted" : "failed"
                let number = kept + index + 1
                console.line(console.styled(left.count == 1
                    ? "stopped: step \(number) \(stopped), so it is no step (`edit` opens it again)"
                    : "stopped: step \(number) \(stopped); it and the \(left.count - 1) after it are no steps (`edit` opens them again)", .dim))
                return false
            }
        }
        return true
    }
}
