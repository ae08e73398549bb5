import Testing
@testable import WorkbenchScript

/// The library generated for an input, without running it: what goes where, what the results
/// column's input does differently, and where a position in it came from.
@Suite struct HostLibraryTests {
    func library(catchUp: [String], input: String, resultsFile: String? = nil) -> HostLibrary {
        HostLibrary(number: 3, catchUp: catchUp.enumerated().map { (number: $0.offset + 1, unit: ProgramUnit($0.element)) },
                    inputs: [ProgramUnit(input)], imports: [], showsResults: true, languageMode: .swift5, resultsFile: resultsFile)
    }

    @Test func expressionsAreShownAndBindingsHandedToTheirGlobals() {
        let text = library(catchUp: ["let posts = [1]"], input: "posts.map {\n  $0 + 1\n}\nlet n: Int = posts.count\nn + 1").program.text
        #expect(text.contains("WorkbenchKit.HostRuntime.step(1)\nWorkbenchKit.HostValues.hand([1])\n"))
        #expect(text.contains("WorkbenchKit.HostRuntime.show(__wb_value, source: \"posts.map { $0 + 1 }\")"))
        #expect(text.contains("nonisolated(unsafe) let n: Int = WorkbenchKit.HostValues.take()\n"))
        #expect(text.contains("do { let __wb_value: Int = posts.count\nWorkbenchKit.HostValues.hand(__wb_value) }"))
        #expect(text.contains("WorkbenchKit.HostRuntime.show(n, source: \"n\")"))
        #expect(!text.contains("ResultsLog"))
    }

    /// The results column's input: the playground transform reports a binding where its name is, so
    /// the binding is a local of that name first; `wb.…` calls show their status line; nothing is
    /// shown the usual way. The caught-up step is not the column's.
    @Test func theResultsColumnsInputNamesItsBindingsAndShowsNothing() {
        let text = library(catchUp: ["let posts = [1]"], input: "let total = posts.count\ntry await wb.get(\"/x\")\nprint(total)",
                           resultsFile: "/r/results").program.text
        #expect(text.contains("import ResultsLog\n"))
        #expect(text.contains("ResultsLog.start(file: \"/r/results\")\ndefer { ResultsLog.stop() }\n"))
        #expect(text.contains("do { let total = posts.count\nWorkbenchKit.HostValues.hand(total) }"))
        #expect(text.contains("\(HostLibrary.workbenchResult)(try await wb.get(\"/x\"))"))
        #expect(!text.contains("HostRuntime.show("))
        #expect(text.contains("WorkbenchKit.HostValues.hand([1])\n"))
    }

    /// A top-level `guard`'s names are the rest of the program's: globals of the library, typed from
    /// their values unwrapped, given the values the guard bound; a value reading a name the guard
    /// binds afresh reads the earlier one (`guard let x` too), one bound before it the new one.
    @Test func aTopLevelGuardsNamesAreGlobalsForLaterInputs() {
        let library = HostLibrary(number: 3, catchUp: [], inputs: [ProgramUnit("guard let n, var m = Int(\"4\"), let c = n.first else { fatalError() }")],
                                  imports: [], showsResults: true, languageMode: .swift5, earlier: ["n": "__wb_in2"])
        let text = library.program.text
        #expect(text.contains("nonisolated(unsafe) let n = WorkbenchKit.HostValues.take(WorkbenchKit.HostValues.unwrappedType { __wb_in2.n })\n"
                              + "private func __wb_guarded_n() { _ = n }\n"))
        #expect(text.contains("nonisolated(unsafe) var m = WorkbenchKit.HostValues.take(WorkbenchKit.HostValues.unwrappedType { Int(\"4\") })\n"))
        #expect(text.contains("nonisolated(unsafe) let c = WorkbenchKit.HostValues.take(WorkbenchKit.HostValues.unwrappedType { n.first })\n"))
        #expect(text.contains("guard let n = __wb_in2.n, var m = Int(\"4\"), let c = n.first else { fatalError() }\n"
                              + "WorkbenchKit.HostValues.hand(n)\n__wb_guarded_n()\nWorkbenchKit.HostValues.hand(m)\n__wb_guarded_m()\ndefer { __wb_store_m(m) }\n"
                              + "WorkbenchKit.HostValues.hand(c)\n__wb_guarded_c()\n"))
        #expect(library.declared.map(\.name) == ["n", "m", "c"])
        // A name its own step declared before the guard stays the guard's (a global would be declared twice).
        let again = HostLibrary(number: 3, catchUp: [], inputs: [ProgramUnit("var o: Int? = 1\nguard let o else { fatalError() }")],
                                imports: [], showsResults: true, languageMode: .swift5).program.text
        #expect(!again.contains("__wb_guarded_o"))
        // A guard that also binds by a pattern the file's scope cannot type keeps its names.
        let cased = HostLibrary(number: 3, catchUp: [], inputs: [ProgramUnit("guard case let .some(a) = x, let b = Optional(a) else { fatalError() }")],
                                imports: [], showsResults: true, languageMode: .swift5).program.text
        #expect(!cased.contains("__wb_guarded_"))
    }

    /// Many caught-up steps that await are functions of `awaitsPerChunk` each, called in turn (the
    /// compiler's time for one async function grows faster than its awaits); after a `guard`, whose
    /// names the rest of its function reads, or a `defer`, the rest stays in one function.
    @Test func manyCaughtUpRequestsAreSeveralFunctionsUntilAGuard() {
        let requests = (1...60).map { "try await wb.get(\"/posts/\($0)\")" }
        let text = library(catchUp: requests, input: "print(1)").program.text
        #expect(text.contains("@MainActor private func __wb_catchup_body() async throws {\n"
                              + "try await __wb_catchup_body0()\ntry await __wb_catchup_body1()\ntry await __wb_catchup_body2()\n}\n"))
        #expect(text.contains("private func __wb_catchup_body1() async throws {\nWorkbenchKit.HostRuntime.step(25)\n"))
        #expect(text.contains("private func __wb_catchup_body2() async throws {\nWorkbenchKit.HostRuntime.step(49)\n"))
        #expect(!text.contains("__wb_catchup_body3"))
        let guarded = library(catchUp: ["guard let n = Int(\"1\") else { fatalError() }"] + requests + ["defer { print(n) }"] + requests,
                              input: "print(1)").program.text
        #expect(!guarded.contains("__wb_catchup_body1"))
        let late = library(catchUp: requests + ["guard let n = Int(\"1\") else { fatalError() }"] + requests, input: "print(1)").program.text
        #expect(late.contains("try await __wb_catchup_body2()\n}\n") && !late.contains("__wb_catchup_body3"))
        // A short catch-up is one function, as before.
        #expect(!library(catchUp: Array(requests.prefix(24)), input: "print(1)").program.text.contains("__wb_catchup_body0"))
    }

    /// `if`/`switch` expressions are a binding's value only, never a call's argument: computed into
    /// a local first. An `async let`'s value is awaited where it is bound, and the input awaits.
    @Test func ifAndSwitchExpressionsAndAsyncLetsReachTheirGlobals() {
        let branches = library(catchUp: [], input: "let kind = if n % 2 == 0 { \"even\" } else { \"odd\" }").program.text
        #expect(branches.contains("let kind = WorkbenchKit.HostValues.take(WorkbenchKit.HostValues.type { if n % 2 == 0"))
        #expect(branches.contains("do { let __wb_value = if n % 2 == 0 { \"even\" } else { \"odd\" }\nWorkbenchKit.HostValues.hand(__wb_value) }"))
        #expect(!branches.contains("hand(if"))
        let chosen = library(catchUp: [], input: "let s = switch n { case 1: \"one\" default: \"many\" }").program.text
        #expect(chosen.contains("do { let __wb_value = switch n {"))
        let asyncLet = library(catchUp: [], input: "async let a = v(1)")
        #expect(asyncLet.liveAwaits)
        #expect(asyncLet.program.text.contains("let a = WorkbenchKit.HostValues.take(WorkbenchKit.HostValues.type { try await v(1) })"))
        #expect(asyncLet.program.text.contains("WorkbenchKit.HostValues.hand(try await v(1))"))
        #expect(!asyncLet.program.text.contains("HostRuntime.show(a"))
    }

    /// `let d: Int?` given its value by a later assignment, as one program allows: a computed global
    /// over storage the first assignment fills. A `var` of optional type starts as `nil` as written.
    @Test func aBindingWithoutAValueIsAGlobalItsFirstAssignmentGives() {
        let text = library(catchUp: [], input: "let d: Int?\nvar a, b: String\nvar o: Int?\nd = 1").program.text
        #expect(text.contains("var d: Int? { get { __wb_deferred_d.value } set { __wb_deferred_d.value = newValue } }\n"))
        #expect(text.contains("nonisolated(unsafe) private var __wb_deferred_d = WorkbenchKit.HostValues.Deferred<Int?>(\"d\", constant: true)\n"))
        #expect(text.contains("WorkbenchKit.HostValues.Deferred<String>(\"a\", constant: false)\n"))
        #expect(text.contains("WorkbenchKit.HostValues.Deferred<String>(\"b\", constant: false)\n"))
        #expect(text.contains("\nvar o: Int?\n"))
        #expect(!text.contains("HostValues.hand"))
    }

    /// A function of another signature is an overload, imported beside the latest one; the same
    /// signature, or a value or type of the name, replaces what came before.
    @Test func earlierOverloadsOfAFunctionAreImportedBesideTheLatest() throws {
        func signature(_ source: String) throws -> String? {
            HostName.signature(of: try #require(ProgramUnit(source).items.first).syntax.item)
        }
        #expect(try signature("func f(_ x: Int) -> Int { x }") == signature("func f(_ y: Int)->String { \"\\(y)\" }"))
        #expect(try signature("func f(_ x: Int) -> Int { x }") != signature("func f<T>(_ x: T) -> Int { 0 }"))
        func named(_ signature: String?, _ kind: String = "func") -> HostName { HostName(kind: kind, name: "f", unit: 0, signature: signature) }
        #expect(HostImports.overloaded([("a", named("<T>(_:T)")), ("b", named("(_:Int)"))]) == ["a"])
        #expect(HostImports.overloaded([("a", named("(_:Int)")), ("b", named("(_:String)")), ("c", named("(_:Int)"))]) == ["b"])
        #expect(HostImports.overloaded([("a", named("(_:String)")), ("b", named(nil, "let")), ("c", named("(_:Int)"))]) == [])
    }

    @Test func aPositionInTheLibraryMapsToWhereTheUserTypedIt() throws {
        let program = library(catchUp: ["let posts = [1]"], input: "let a = 1; let b = posts.nope\nlet c = posts.map { $0 }.zz").program
        let text = program.text.split(separator: "\n").map(String.init)
        for (needle, expected) in [("posts.nope", (1, 20)), ("zz", (2, 26))] {
            let row = try #require(text.lastIndex { $0.contains(needle) })
            let column = try #require(text[row].range(of: needle)).lowerBound.utf16Offset(in: text[row]) + 1
            let origin = try #require(program.source.origin(line: row + 1, column: column))
            #expect(origin.unit == 1)
            let location = program.units[1].location(of: origin.offset)
            #expect(location.line == expected.0 && location.column == expected.1)
        }
    }
}
