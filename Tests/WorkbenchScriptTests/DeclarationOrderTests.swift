import Foundation
import ModelRuntime
import Testing
@testable import WorkbenchScript

/// Declarations may name types declared after them, as in a Swift file: a name is resolved when a
/// model is used, and one still missing is reported where it is written, as swiftc reports it.
@Suite struct DeclarationOrderTests {
    /// `source` split into its top-level declarations (each starts at column 1 with `struct` or `enum`),
    /// each with the line it starts on.
    static func inputs(of source: String) -> [(text: String, line: Int)] {
        var inputs: [(lines: [Substring], line: Int)] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("struct ") || line.hasPrefix("enum ") {
                inputs.append(([line], index + 1))
            } else if !inputs.isEmpty {
                inputs[inputs.count - 1].lines.append(line)
            }
        }
        return inputs.map { ($0.lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines), $0.line) }
    }

    @Test(arguments: zip(UnresolvedNameCase.all, UnresolvedNameCase.expected))
    func anUnresolvedNameIsReportedWhereItIsWritten(_ testCase: UnresolvedNameCase, _ expected: String) throws {
        let workspace = ModelWorkspace()
        for input in Self.inputs(of: testCase.source) {
            try workspace.declare(input.text, origin: SourceOrigin(line: input.line, column: 1))
        }
        do {
            _ = try workspace.registry.resolveForDecoding(try ModelRegistry.parseType(testCase.decode))
            Issue.record("decode \(testCase.decode) resolved; swiftc says \(expected)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func everyGeneratedExpectationHasItsCase() {
        #expect(UnresolvedNameCase.all.count == UnresolvedNameCase.expected.count)
    }

    /// The differential models typed one declaration per input, last first: every type is declared
    /// after the types that name it.
    static let reversed: ModelRegistry? = {
        var registry = ModelRegistry()
        guard let declarations = try? DeclarationParser.parse(DifferentialModels.source) else { return nil }
        for declaration in declarations.reversed() {
            guard (try? registry.define([declaration])) != nil else { return nil }
        }
        return registry
    }()

    @Test(arguments: DifferentialCase.all)
    func modelsDeclaredInReverseDecodeAsJSONDecoder(_ testCase: DifferentialCase) throws {
        let registry = try #require(Self.reversed)
        #expect(testCase.actual(registry: registry) == testCase.expected)
    }

    @Test func anUnresolvedNameInASnippetIsReportedAtItsPlaceInTheFile() throws {
        let workspace = ModelWorkspace()
        // As replay declares a statement that starts on line 37, indented by two spaces.
        try workspace.declare("struct Q1: Codable {\n    let q2: [Q2]\n}", origin: SourceOrigin(line: 37, column: 3))
        do {
            _ = try workspace.registry.resolveForDecoding(try ModelRegistry.parseType("Q1"))
            Issue.record("Q1 resolved without Q2")
        } catch {
            // Line 2 of the input is line 38 of the file; only the input's first line is shifted right.
            #expect(error.description == "38:14: cannot find type 'Q2' in scope")
        }
    }
}
