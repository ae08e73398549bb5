import Foundation
import LineEditor
import ToolProcesses
import WorkbenchKit
import WorkbenchScript

/// `edit [N | all]`: a step (or the whole session) in the user's editor; what changed runs again
/// from the first changed step, with the values of the steps before it kept.
struct EditCommand: Command {
    let name = "edit"
    let synopsis = "edit [N | all]"
    let summary = "change an earlier input in $EDITOR and run the session again from there"
    let help = """
        Opens the last step in your editor ($VISUAL, else $EDITOR, else vi); `edit N` opens
        step N (numbered as `steps` numbers them), `edit all` the whole session as one Swift
        file. When the editor exits with the file changed, the session runs again from the first
        step that changed (white space and comments aside): that step and every one after it run
        as new inputs, as they now read, while the steps before it keep their values, their
        requests are not sent again and their output is not printed again. A command's step is
        edited as its Swift statement (`try await wb.get("/posts")`), which runs as the command.
        Nothing runs when the file is unchanged, when the editor exits with an error (`:cq`), or
        when Ctrl-C stops it. If a step fails, the run stops there: it and the steps after it
        are no steps any more, and the next `edit` opens them again. Names that only a replaced
        step bound keep their last value until bound again.
        Swift: none (it changes the session's steps)

        Examples:
          wb> edit
          wb> edit 3
          wb> edit all
        """
    let group = CommandGroup.snippets

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? ["all"].filter { $0.hasPrefix(words[0]) } : []
    }

    func run(_ arguments: String, session: Session) async throws {
        let steps = session.editableSteps
        let before: [String], opened: String, after: [String], file: String
        switch arguments {
        case "" where session.unfinishedEdit != nil:
            (before, opened, after, file) = (steps, session.unfinishedEdit ?? "", [], "unfinished.swift")
        case "":
            guard let last = steps.last else { throw UsageError("no steps yet to edit: nothing has succeeded") }
            (before, opened, after, file) = (Array(steps.dropLast()), last, [], "step-\(steps.count).swift")
        case "all":
            guard !steps.isEmpty else { throw UsageError("no steps yet to edit: nothing has succeeded") }
            (before, opened, after, file) = ([], steps.joined(separator: "\n") + "\n", [], "session.swift")
        default:
            guard let number = Int(arguments), number >= 1 else {
                throw UsageError("edit takes a step number, `all` or nothing, got '\(ErrorLine.echo(arguments))'")
            }
            guard number <= steps.count else {
                throw UsageError(steps.isEmpty ? "no steps yet to edit: nothing has succeeded"
                                 : "no step \(number): there are \(steps.count) (`steps` lists them)")
            }
            (before, opened, after, file) = (Array(steps[..<(number - 1)]), steps[number - 1], Array(steps[number...]), "step-\(number).swift")
        }
        let editor = ExternalEditor()
        session.console.flush()
        // What work left running prints while the editor has the terminal comes after it, not over it.
        session.heldOutput.start()
        let outcome = editor.edit(opened.hasSuffix("\n") ? opened : opened + "\n", name: file, in: ProcessScratchFolder.url,
                                  interrupted: { Interrupt.isPending })
        session.heldOutput.stop { [console = session.console] bytes in
            console.write(bytes: bytes)
            console.flush()
        }
        switch outcome {
        case .changed(let text):
            if arguments == "all", StepRevision.items(of: text, step: 0).isEmpty {
                throw UsageError("the edited session holds no statements: nothing ran, the steps are kept")
            }
            let revised = (before + [text] + after).joined(separator: "\n")
            if await !session.rerun(revised) { throw AlreadyReported() }
        case .unchanged:
            session.console.line(session.console.styled("unchanged: nothing ran", .dim))
        case .failed(let status):
            throw UsageError("the editor ('\(editor.command)') exited with status \(status): nothing ran")
        case .interrupted:
            throw UsageError("interrupted: the editor was stopped and nothing ran")
        case .unavailable(let reason):
            throw UsageError("the editor could not be used: \(reason)")
        }
    }
}
