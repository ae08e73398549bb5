import ModelRuntime
import WorkbenchKit
import WorkbenchScript

/// What one step changed that the session keeps beyond the `Workbench`: the step for the
/// transcript (with the exchanges it made) and the values it bound. The request, the exchanges,
/// the current document and the settings live in the `Workbench` every path shares, so the prompt
/// label, Ctrl-C and declared models follow from it without being fed by hand.
/// `docs/ARCHITECTURE.md`, "Commands and statements" (Session effects).
struct SessionEffects {
    var step: SessionStep?
    /// Values to bind on the fast path (`let posts = decode [Post]`); a `var` may change later.
    var bindings: [(name: String, value: TypedValue, isVariable: Bool)] = []
    /// The files its `json` read, with the copies read (the Swift host maps them to catch up).
    var documents: [DocumentRead] = []

    /// A statement that ran, with what it gave back, the exchanges it made and the files it read.
    init(statement: WorkbenchStatement, result: StatementResult, exchanges: [Exchange], documents: [DocumentRead] = []) {
        step = SessionStep(.statement(statement), exchanges: exchanges)
        self.documents = documents
        if case .decode(let call) = statement, let binding = call.binding, case .decoded(let decoded) = result,
           let value = decoded.value as? TypedValue {
            bindings = [(binding.name, value, binding.isVariable)]
        }
    }
}

extension Session {
    /// Takes in what a step changed: the one place a step is recorded and its values bound.
    func apply(_ effects: SessionEffects) {
        for binding in effects.bindings { swift.bind(binding.name, binding.value, isVariable: binding.isVariable) }
        if var step = effects.step {
            step.shownValues = takeShownValues()
            record(step, documents: effects.documents)
        }
    }

    /// The labels of the values the prompt showed since the last step was recorded (`save` prints
    /// those expressions), cleared for the next step.
    func takeShownValues() -> [String] {
        defer { workbench.shownValues = [] }
        return workbench.shownValues
    }

    /// Records a step that did not run as Swift typed at the prompt (a command, a declaration a
    /// command wrote): in the transcript, and in the Swift runner's log, for the host to catch up on.
    func record(_ step: SessionStep, documents: [DocumentRead] = []) {
        switch step.kind {
        case .statement(.spec):
            swift.recordSpec()
        case .statement(let statement):
            swift.record(statement.swiftSource(secrets: .environmentReads, interpolating: interpolationEnds),
                         exchanges: step.exchanges, documents: documents, secrets: statement.secretValues)
        case .swift(let source):
            swift.recordDeclaration(source)
        }
        // After the log: the step's own entries count as up to it (`keepFirstSteps`).
        var recorded = step
        recorded.loggedThrough = swift.loggedCount
        recorded.documents = documents
        transcript.record(recorded)
    }

    /// Keeps the first `count` steps (`edit` and `play` run the ones after them again, as they now
    /// read), in the transcript and in the Swift runner's log, so the host neither catches up on the
    /// dropped ones nor runs them again in a rebuild.
    func keepFirstSteps(_ count: Int) {
        guard count < transcript.steps.count else { return }
        swift.keepLogged(count == 0 ? 0 : transcript.steps[count - 1].loggedThrough)
        transcript.keepFirst(count)
        shownInputs.keepFirstSteps(count)
    }
}
