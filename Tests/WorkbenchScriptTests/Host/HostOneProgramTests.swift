import Foundation
import Testing
@testable import WorkbenchScript

/// What one program allows at its top level, across the host's inputs: a constant declared without
/// a value and given one later, and overloads of a function declared in different inputs.
@MainActor
@Suite(.serialized) struct HostOneProgramTests {
    @Test func aConstantDeclaredWithoutAValueIsGivenOneByItsFirstAssignment() async {
        let session = HostSession()
        let a = 1, b = 2
        let d: Int?
        if a < b { d = a + b } else { d = nil }
        let (output, outcome) = await session.run("let a = 1, b = 2\nlet d: Int?\nif a < b { d = a + b } else { d = nil }\nprint(d as Any)")
        #expect(output == "\(d as Any)\n" && outcome.succeeded, "\(output)")
        // Across inputs, as at the prompt; what the compiler refuses in a program stops the input.
        #expect(await session.run("let total: Int").output == "")
        #expect(await session.run("print(total)").output == "Fatal error: constant 'total' used before being initialized\n")
        #expect(await session.run("total = 40 + 2").output == "")
        #expect(await session.run("total = 1").output == "Fatal error: immutable value 'total' may only be initialized once\n")
        await session.run("var word: String")
        await session.run("word = \"a\"; word += \"b\"")
        await session.run("func shout() -> String { word.uppercased() + String(total) }")
        #expect(await session.run("print(shout())").output == "AB42\n")
    }

    @Test func overloadsDeclaredInDifferentInputsAreAllSeen() async {
        let session = HostSession()
        await session.run("func describe<T>(_ value: T) -> String { \"value \\(value)\" }")
        await session.run("func describe(_ value: String) -> String { \"string \\(value)\" }")
        #expect(await session.run("print(describe(1), describe(\"a\"))").output == "value 1 string a\n")
        // The same signature again replaces that one; the other overload stays.
        await session.run("func describe(_ text: String) -> String { \"text \\(text)\" }")
        #expect(await session.run("print(describe(2), describe(\"b\"))").output == "value 2 text b\n")
    }
}
