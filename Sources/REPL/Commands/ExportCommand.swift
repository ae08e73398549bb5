import WorkbenchKit

/// `export swift` / `export curl`: the request (and the last decode) as code to take elsewhere.
/// The two are the commands `swift` and `curl`, whose names stay; `CommandTable.invocation(of:)`
/// dispatches `export NAME` to them, so each keeps its one meaning (and `export curl` is saved as
/// `curl` is). This type gives the pair a name and a help page (`help swift` is about Swift at
/// the prompt).
struct ExportCommand: Command {
    /// What `export` takes, and the command each one is.
    static let targets = ["swift", "curl"]

    let name = "export"
    let synopsis = "export swift | export curl"
    let summary = "the request (and last decode) as Foundation-only Swift app code, or as a curl command"
    let group = CommandGroup.snippets
    var help: String {
        """
        export swift   a complete program for the request whose body the last decode read
                       (without a decode, the request being built): URLComponents with its
                       queryItems, a URLRequest with the method, headers (secrets read from the
                       environment, as `save` writes them) and body, URLSession.shared.data(for:),
                       the status check, then the models, a JSONDecoder with the last decode's
                       strategies and print of the value. It needs neither Workbench nor the REPL:
                       paste it into an app, or run it with `swift FILE.swift` against the sandbox,
                       and it prints what `decode` printed. Also `swift`.
        export curl    the current request (after a send, the one just sent) as a curl command
                       line, shell-quoted for sh/bash/zsh. Also `curl`.
        Swift: export curl is \(TranscriptSnippet.savedSource(of: StatementForm.curl.descriptor.sample, sandboxRoot: nil)); export swift is none (what it prints is the Swift)

        Examples:
          wb> get /posts userId==1
          wb> let posts = decode [Post]
          wb> export swift
          wb> export curl
        """
    }

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? Self.targets.filter { $0.hasPrefix(words[0]) } : []
    }

    /// Reached only when the arguments name no target: `invocation(of:)` runs the target itself.
    func run(_ arguments: String, session: Session) async throws {
        let given = arguments.isEmpty ? "" : ", not '\(arguments)'"
        throw UsageError("export takes swift (app code) or curl (a curl command line)\(given) — `help export` says more")
    }

    /// `swift` in `export swift --x`: the target's name and the words after it.
    static func target(in arguments: String) -> (name: String, arguments: String)? {
        let name = String(arguments.prefix { !$0.isWhitespace })
        guard targets.contains(name) else { return nil }
        return (name, String(arguments.dropFirst(name.count)).trimmingCharacters(in: .whitespaces))
    }
}
