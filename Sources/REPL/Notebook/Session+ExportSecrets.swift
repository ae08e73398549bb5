import Foundation
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// `inputs` with every secret the session sent written `***`, in what was typed and in what
    /// was shown: a secret header's or query item's value (`SecretNames`), a statement's secrets
    /// (an input `edit` ran again holds them in clear), an `.http` file's private values. A
    /// response may echo one (httpbin does).
    func maskingSecrets(in inputs: [ShownInputs.Input]) -> [ShownInputs.Input] {
        var secrets = Set(httpFiles.secretValues)
        for exchange in workbench.exchanges {
            for field in exchange.requestHeaders where SecretNames.isSecret(field.name) {
                secrets.insert(field.value)
                // `Bearer TOKEN`: the token alone too, which a response may show without its scheme.
                if let token = field.value.split(separator: " ", maxSplits: 1).dropFirst().first { secrets.insert(String(token)) }
            }
            let items = URLComponents(url: exchange.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            for item in items where SecretNames.isSecret(item.name) {
                guard let value = item.value else { continue }
                secrets.insert(value)
                // As a URL shows it (`redirected to …`).
                value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed).map { _ = secrets.insert($0) }
            }
        }
        for step in transcript.steps {
            switch step.kind {
            case .statement(let statement): secrets.formUnion(statement.secretValues.values)
            // Swift typed here: what `save` would hide (`wb.digestAuth("ada", password: "…")`, never sent).
            case .swift(let source): secrets.formUnion(SnippetStatementRewriter(sandboxRoot: nil).rewrite(source).secretValues)
            }
        }
        // Longest first, so that a secret holding another is masked whole; a value of one or two
        // characters is not masked (it would hide every such letter or digit).
        let masked = secrets.filter { $0.count > 2 }.sorted { $0.count > $1.count }
        guard !masked.isEmpty else { return inputs }
        func hiding(_ text: String) -> String {
            masked.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
        }
        return inputs.map { input in
            ShownInputs.Input(typed: hiding(input.typed), isSwift: input.isSwift, output: hiding(input.output), cut: input.cut,
                              stepsBefore: input.stepsBefore, stepsAfter: input.stepsAfter)
        }
    }
}
