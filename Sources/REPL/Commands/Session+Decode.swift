import WorkbenchKit
import WorkbenchScript

extension Session {
    /// Lends the current document (the last response body, or what `json` gave) to the models,
    /// for `infer`.
    func refreshModelBody() {
        models.document = workbench.currentDocument
    }

    /// `decode …` and `let NAME = decode …`: one `decode` statement (`--all` only changes the display).
    func runDecode(_ raw: String, bindingTo binding: DecodeCall.Binding? = nil) async throws {
        let arguments = try DecodeArguments.parse(raw, binding: binding)
        workbench.cutsLongValues = !arguments.showAll
        defer { workbench.cutsLongValues = true }
        try await perform([.decode(arguments.call)])
    }
}
