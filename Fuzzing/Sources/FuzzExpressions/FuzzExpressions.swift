import Foundation
import FuzzSupport
import SwiftParser
import WorkbenchKit
@testable import WorkbenchScript

/// Swift typed at the prompt through the fast path and the interpreter's expressions, with models
/// declared and values bound (`posts`, `post`), and the same text as a `\(…)` interpolation.
/// What the interpreter cannot finish is refused (`NotCovered`) before it runs; nothing may trap.
// Also under libFuzzer's name: the toolchain links its `main` (unused: SwiftPM's `main` wins), which names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = FuzzSupport.text(data, size)
    do {
        FuzzSupport.runToEnd {
            let interpreter = freshInterpreter()
            _ = try? await interpreter.interpolationText(source)
            // The prompt refuses these (SwiftInput, through GuardedParse), as this must.
            guard let parsed = try? GuardedParse.file(source) else { return }
            for item in parsed.statements {
                _ = SwiftRunner.isModel(item)
                guard let shown = try? await interpreter.runPromptItem(item) else { continue }
                _ = shown.report.text
            }
        }
    }
    return 0
}

@_cdecl("FuzzExpressions_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    MainActor.assumeIsolated { FuzzSupport.main(argc, argv, fuzzExpressions) }
}

/// An interpreter as the prompt has it after `json …`, two model declarations and two decodes.
@MainActor
func freshInterpreter() -> SnippetInterpreter {
    let console = Console(capturingWithColors: false)
    let workspace = ModelWorkspace()
    let workbench = Workbench(console: console)
    let interpreter = SnippetInterpreter.prompt(workspace: workspace, console: console, workbench: workbench)
    do {
        try workspace.declare("""
            struct Post: Codable { let id: Int; let title: String; let tags: [String]?; let score: Double? }
            enum Kind: String, Codable { case a, b }
            """)
        workspace.setBody(Data(document.utf8))
        let posts = try workspace.decode("[Post]")
        interpreter.bindValue("posts", posts)
        interpreter.bindValue("post", try workspace.decode("Post", at: "[0]"))
    } catch {
        fatalError("the fuzzer's session does not set up: \(error)")
    }
    return interpreter
}

let document = #"[{"id": 1, "title": "One", "tags": ["a", "b"], "score": 1.5}, {"id": 2, "title": "Two"}]"#
