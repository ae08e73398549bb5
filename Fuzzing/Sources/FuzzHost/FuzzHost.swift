import Foundation
import FuzzSupport
import SwiftParser
@testable import WorkbenchKit
@testable import WorkbenchScript

/// The Swift host's path in the REPL's process (docs/ARCHITECTURE.md, "The Swift host"), for every
/// input and every answer, without the compile and the host process themselves (a compile takes
/// about 0.25 s). The first byte of an input picks a part, the rest is its text:
/// - 0: earlier steps and an input (split at NUL bytes) made into the host's libraries as
///   `SwiftHost.run` makes them (`HostSegments`, `MentionedNames`, `HostImports`, `HostLibrary`),
///   with a compile error at every line of each library's source told where it was typed;
/// - 1: what a compiler or a trapped input wrote to standard error, read into the failure line
///   (`FailureLine`, `HostRun.failureLine`), and the compile error in it placed as a `\(…)` and a snippet place it;
/// - 2: the host's answer line, then a results file (`HostRun.Ending`, `PromptEvent.all`);
/// - 3: the host's output through `ModuleNameFilter`, in pieces of every size.
/// Nothing may trap, every failure is one line, and filtering in pieces gives what filtering whole does.
// Also under libFuzzer's name: the toolchain links its `main` (unused: SwiftPM's `main` wins), which names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHost(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let first = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    switch first % 4 {
    case 0: libraries(String(decoding: rest, as: UTF8.self), showsResults: first & 4 != 0)
    case 1: failureLines(String(decoding: rest, as: UTF8.self))
    case 2: answers(rest, awaits: first & 4 != 0)
    default: filtered(rest, module: [nil, "main", "Snippet_1"][Int(first >> 2) % 3], seed: first)
    }
    return 0
}

@_cdecl("FuzzHost_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    MainActor.assumeIsolated { FuzzSupport.main(argc, argv, fuzzHost) }
}

/// Up to four earlier steps and the input, as `SwiftHost.run` turns them into libraries; every
/// other library's live part is taken as failed, so later ones import it by name only.
func libraries(_ text: String, showsResults: Bool) {
    let sources = text.split(separator: "\u{0}", omittingEmptySubsequences: false).prefix(5).map(String.init)
    // The prompt and replay refuse these (GuardedParse: nests too deep to parse in time, trees too
    // deep for the stack).
    guard sources.allSatisfy({ (try? GuardedParse.file($0)) != nil }) else { return }
    let units = sources.map(ProgramUnit.init)
    let input = units[units.count - 1]
    let steps = units.dropLast().enumerated().map { (number: $0.offset + 1, unit: $0.element) }
    var loaded: [HostImports.Library] = []
    let segments = HostSegments.split(steps, inputs: [input])
    for (index, segment) in segments.enumerated() {
        let isLast = index == segments.count - 1
        let mentioned = HostImports.mentionedNames(in: segment.map(\.unit) + (isLast ? [input] : []))
        let imports = HostImports.lines(for: loaded, mentioning: mentioned)
        for line in imports.lines { expectOneLine(line, "an import") }
        let library = HostLibrary(number: index + 1, catchUp: segment, inputs: isLast ? [input] : [], imports: imports.lines,
                                  showsResults: showsResults, languageMode: index % 2 == 0 ? .swift5 : .swift6)
        compileErrors(in: library)
        let succeeded = index % 2 == 0 || !library.hasLive
        loaded.append(HostImports.Library(module: library.moduleName,
                                          declared: succeeded ? library.declared : library.declaredByCatchUp,
                                          declaresUnnamed: library.declaresUnnamed, whole: succeeded, imported: imports.modules))
    }
    // What a snippet's step runs as in the host.
    for unit in units {
        for item in unit.items { _ = SnippetRunner.snippetForm(of: item.syntax) }
    }
}

/// Every place of the library's source (the start, middle and past the end of each line, and the
/// lines before and after it) maps back into what was typed; a compiler error at three of them (the
/// middle of the first, middle and last line: reading one costs about as much as the rest) is
/// told as one line.
func compileErrors(in library: HostLibrary) {
    let path = "/session/\(library.moduleName).swift"
    let failure = FailureLine(program: library.program, programPath: path)
    let lines = library.program.source.text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for row in 0...lines.count + 1 {
        let length = row >= 1 && row <= lines.count ? lines[row - 1].count : 0
        for column in [1, length / 2 + 1, length + 2] {
            if let origin = library.program.source.origin(line: row, column: column) {
                _ = library.program.units[origin.unit].location(of: origin.offset)
            }
            guard [1, (lines.count + 1) / 2, lines.count].contains(row), column == length / 2 + 1 else { continue }
            let errors = "\(path):\(row):\(column): error: cannot find 'x' in scope\n"
            expectOneLine(failure.compileError(errors), "a compile error")
            expectOneLine(failure.firstCompileError(errors)?.error, "a compile error")
        }
    }
}

/// Standard error as a compiler or a trapped input leaves it, read into the one failure line.
func failureLines(_ errors: String) {
    expectOneLine(FailureLine.trapMessage(errors), "a trap message")
    let failure = FailureLine(program: fixedLibrary.program, programPath: fixedPath)
    expectOneLine(failure.compileError(errors), "a compile error")
    expectOneLine(failure.firstCompileError(errors)?.error, "a compile error")
    for status: Int32? in [nil, 0, 1 << 8, SIGILL, SIGSEGV, SIGKILL] { expectOneLine(FailureLine.signalText(status), "a signal") }
    let endings: [HostRun.Ending] = [.returned(0), .returned(1), .trapped(signal: SIGILL, safe: true), .trapped(signal: SIGTRAP, safe: false),
                                     .died(nil), .died(SIGSEGV), .died(SIGKILL), .load(errors), .setup(errors)]
    for ending in endings {
        var run = HostRun(ending: ending)
        run.events = [.live, .thrown(errors)]
        run.errors = ModuleNameFilter.rewrite(errors, module: "main")
        run.quietErrors = errors
        expectOneLine(run.failureLine, "the host's failure")
        run.events = []
        expectOneLine(run.failureLine, "the host's failure")
    }
}

/// The host's answer line (up to the first newline), then the results file its runtime writes.
func answers(_ bytes: [UInt8], awaits: Bool) {
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    let ending = HostRun.Ending(answer: String(decoding: bytes[..<newline], as: UTF8.self), awaits: awaits)
    let events = PromptEvent.all(in: Data(bytes[min(newline + 1, bytes.count)...]))
    // What was read writes and reads back as the same records.
    let again = PromptEvent.all(in: Data(PromptEvent.bytes(events)))
    if again.count != events.count { fatalError("\(events.count) records read, \(again.count) after writing them again") }
    var run = HostRun(ending: ending)
    run.events = events
    expectOneLine(run.failureLine, "the host's failure")
    _ = (run.succeeded, run.hostUsable, run.sends.count, run.exchanges.count, run.state, run.lastStep)
}

/// The host's output in pieces (empty ones too) gives what it gives whole.
func filtered(_ bytes: [UInt8], module: String?, seed: UInt8) {
    var whole = ModuleNameFilter(module: module)
    let expected = whole.feed(bytes) + whole.flush()
    var pieces = ModuleNameFilter(module: module)
    var output: [UInt8] = []
    var state = UInt32(seed) &* 2_654_435_761 &+ UInt32(bytes.count)
    var start = 0
    while start < bytes.count {
        state = state &* 1_103_515_245 &+ 12_345
        let end = min(start + Int(state >> 16) % 9, bytes.count)
        output += pieces.feed(Array(bytes[start..<end]))
        start = end
    }
    output += pieces.flush()
    if output != expected {
        fatalError("in pieces: \(String(decoding: output, as: UTF8.self).debugDescription), whole: \(String(decoding: expected, as: UTF8.self).debugDescription)")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if Array(text.utf8) == bytes, Array(ModuleNameFilter.rewrite(text, module: module).utf8) != expected {
        fatalError("rewrite differs from the filter for \(text.debugDescription)")
    }
}

/// A failure the REPL prints is one line: no line feed or carriage return in it.
func expectOneLine(_ line: String?, _ what: String) {
    guard let line else { return }
    if line.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { fatalError("\(what) is more than one line: \(line.debugDescription)") }
}

/// A compile error read from the compiler's output, also as it is moved to where a `\(…)` or a
/// snippet's step began, is one line.
func expectOneLine(_ error: CompileError?, _ what: String) {
    guard let error else { return }
    for placed in [error, error.shifted(by: -"print(".count), SnippetRunner.placing(error, at: snippetStep, in: "s.swift", text: "\n\nprint(1)\n")] {
        expectOneLine(placed.text, what)
    }
}

/// A snippet's statement at line 3, column 5.
let snippetStep = SnippetScript.Step(item: Parser.parse(source: "print(1)").statements.first!, line: 3, column: 5, text: "print(1)".utf8)

/// A library with two caught-up steps and an input, for errors read against it.
let fixedLibrary = HostLibrary(number: 1, catchUp: [(number: 1, unit: ProgramUnit("struct Post { let id: Int }")),
                                                    (number: 2, unit: ProgramUnit("let posts = [Post(id: 1)]\nprint(posts)"))],
                               inputs: [ProgramUnit("for post in posts {\n    print(post.id)\n}")], imports: [], showsResults: true,
                               languageMode: .swift5)
let fixedPath = "/session/__wb_in1.swift"
