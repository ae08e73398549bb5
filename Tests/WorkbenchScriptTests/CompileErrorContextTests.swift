import Testing
@testable import WorkbenchScript

/// What is printed under a compile error: the line the user wrote and a caret under the column, as
/// swiftc prints them (the error itself stays one line).
@Suite struct CompileErrorContextTests {
    @Test func theLineAndACaretUnderTheColumn() {
        let error = CompileError(line: 1, column: 14, message: "cannot convert value of type 'String' to specified type 'Int'",
                                 sourceLine: #"let y: Int = "a""#)
        #expect(error.text == "error: 1:14: cannot convert value of type 'String' to specified type 'Int'")
        #expect(error.context == [#"  let y: Int = "a""#, "               ^"])
        // A tab before the column stays a tab, so the caret lines up at any tab width.
        #expect(CompileError(line: 2, column: 5, message: "m", sourceLine: "\t\tx.nope").context == ["  \t\tx.nope", "  \t\t  ^"])
        // Just past the end (`expected ')'`).
        #expect(CompileError(line: 1, column: 8, message: "m", sourceLine: "foo(1, ").context[1] == "         ^")
    }

    @Test func noContextWhereTheLineIsNotKnownOrNotThisOne() {
        #expect(CompileError(line: 0, column: 0, message: "m").context.isEmpty)
        #expect(CompileError(line: 1, column: 1, message: "m", sourceLine: "   ").context.isEmpty)
        #expect(CompileError(line: 1, column: 9, message: "m", sourceLine: "foo(1, ").context.isEmpty)
    }

    @Test func aLongLineIsCutAroundTheColumn() {
        let long = String(repeating: "a", count: 150) + ".nope" + String(repeating: "b", count: 150)
        let context = CompileError(line: 1, column: 152, message: "m", sourceLine: long).context
        let shown = Array(context[0].dropFirst(2))
        #expect(shown.first == "…" && shown.last == "…" && shown.count == CompileError.contextWidth + 2)
        #expect(shown[context[1].count - 3] == "n")
    }

    @Test func linesAreCountedAsTheCompilerCountsThem() {
        #expect(CompileError.line(2, of: "a\r\nb c\r\nd") == "b c")
        #expect(CompileError.line(2, of: "é\nü x") == "ü x")
        #expect(CompileError.line(3, of: "a\n\n") == "")
        #expect(CompileError.line(4, of: "a\n\n") == nil)
    }

    /// A replayed statement's error shows the file's line, also for a statement that starts within it.
    @Test func aSnippetsErrorShowsTheFilesLine() throws {
        let script = try SnippetScript(source: "let a = 1\nlet k = 1; print(missing)\n", fileName: "demo.swift")
        let step = try #require(script.steps.last)
        let counted = CompileError(line: 1, column: 7, message: "cannot find 'missing' in scope", sourceLine: "print(missing)")
        let placed = SnippetRunner.placing(counted, at: step, in: script.fileName, text: script.text)
        #expect(placed.text == "error: demo.swift:2:18: cannot find 'missing' in scope")
        #expect(placed.context == ["  let k = 1; print(missing)", "  " + String(repeating: " ", count: 17) + "^"])
    }
}

/// The hint after `import UIKit` (and its kin) belongs under an error that cannot find one of that
/// module's names, not under any compile error.
@Suite struct AppleOnlyHintTests {
    @Test(arguments: [
        ("error: 1:21: value of type 'Post' has no member 'titel'", ["UIKit"], [String]()),
        ("error: 1:8: cannot find 'postz' in scope", ["UIKit"], []),
        ("error: 1:14: cannot convert value of type 'String' to specified type 'Int'", ["UIKit"], []),
        ("error: 1:12: cannot find 'UIView' in scope", ["UIKit"], ["UIKit"]),
        ("error: 1:12: cannot find type 'UIImage' in scope", ["UIKit"], ["UIKit"]),
        ("error: 1:8: cannot find type 'CGColor' in scope", ["UIKit"], ["UIKit"]),
        ("error: 1:12: cannot find 'UIView' in scope", [], []),
        ("error: 1:12: cannot find 'UIView' in scope", ["AppKit"], []),
        ("error: 1:9: cannot find 'NSColor' in scope", ["UIKit", "AppKit"], ["AppKit"]),
        ("error: 2:11: cannot find type 'View' in scope", ["SwiftUI"], ["SwiftUI"]),
        ("error: 2:11: cannot find type 'View' in scope", ["UIKit"], []),
        ("error: 4:2: no macro named 'Preview'", ["SwiftUI"], ["SwiftUI"]),
    ])
    func theHintNamesTheModuleOfTheMissingName(failure: String, imported: [String], hinted: [String]) {
        #expect(SessionImport.hintedModules(for: failure, imported: imported) == hinted)
    }

    @Test func theHintIsKnownAsTheHint() {
        #expect(SessionImport.isAppleOnlyHint(SessionImport.appleOnlyHint(["UIKit"])))
        #expect(SessionImport.isAppleOnlyHint(SessionImport.appleOnlyHint(["UIKit", "SwiftUI"])))
        #expect(!SessionImport.isAppleOnlyHint("(UIKit is not on Linux: Foundation is imported instead; UIKit's own types are not)"))
    }
}
