import Foundation
import WorkbenchKit

/// `swift`: the current request and the last decode as a program that uses Foundation alone —
/// the step from exploring an API to app code (`AppCode` writes it).
struct SwiftExportCommand: Command {
    let name = "swift"
    let synopsis = "swift"
    let summary = "the last request and decode (or the request being built) as Swift app code"
    let group = CommandGroup.snippets
    let help = """
        Prints a complete program for the request whose body the last decode read (without a
        decode, the request being built): URLComponents with its queryItems, a URLRequest with the
        method, headers (secrets read from the environment, as `save` writes them) and body,
        URLSession.shared.data(for:), the status check `(200..<300).contains(statusCode)`,
        then the models, a JSONDecoder with the last decode's strategies, and print of the
        value. Without a decode it prints the body. Paste it into an app, or run it with
        `swift FILE.swift` against the sandbox: it prints what `decode` printed.
        Swift: none (it prints Swift that does not need Workbench)

        Examples:
          wb> get /posts userId==1
          wb> let posts = decode [Post]
          wb> swift
        """

    func run(_ arguments: String, session: Session) async throws {
        try CommandWords.none(arguments, command: name)
        let steps = session.transcript.steps
        let decode = steps.reversed().lazy.compactMap { step -> DecodeCall? in
            if case .statement(.decode(let call)) = step.kind { return call }
            return nil
        }.first
        let declarations = TranscriptSnippet(name: "app", description: nil, steps: steps, sandboxURL: nil).declarations
        // With a decode, the request whose body it read (the last exchange), not what the request
        // being built has become since; without one, the request being built.
        let program = if let decode, let exchange = session.workbench.lastExchange {
            try AppCode.program(for: exchange, decode: decode, declarations: declarations)
        } else {
            try AppCode.program(request: session.workbench.request, defaultHeaders: session.workbench.defaultHeaders,
                                decode: decode, declarations: declarations)
        }
        session.console.write(program)
        session.console.flush()
    }
}
