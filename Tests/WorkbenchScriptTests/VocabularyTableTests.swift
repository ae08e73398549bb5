import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// The places derived from the descriptor table (`StatementForm+Descriptors.swift`) cover every
/// form: a form one of them misses fails here.
@MainActor
@Suite struct VocabularyTableTests {
    typealias Pair = WorkbenchStatement.Pair

    @Test(arguments: StatementForm.allCases)
    func theSampleIsAStatementOfItsForm(_ form: StatementForm) {
        let sample = form.descriptor.sample
        #expect(sample.form == form)
        // The arguments are the whole statement but for a decode's binding (`let posts =`), which
        // is no argument of the call.
        #expect(WorkbenchStatement(form: form, arguments: sample.arguments)?.arguments == sample.arguments)
    }

    /// `wb.` completes every member a statement is written with.
    @Test(arguments: StatementForm.allCases)
    func tabCompletesTheFormsMember(_ form: StatementForm) throws {
        let interpreter = SnippetInterpreter.prompt(workspace: ModelWorkspace(), console: Console(capturingWithColors: false),
                                                    workbench: Workbench(console: Console(capturingWithColors: false)))
        let members = try #require(interpreter.memberNames(of: "wb"))
        switch form.descriptor.spelling {
        case .call(let name, _): #expect(members.contains(name))
        case .assignment(let property): #expect(members.contains(String(property.split(separator: ".")[0])))
        case .printed(let expression): #expect(members.contains(String(expression.split(separator: ".")[1])))
        }
    }

    /// Swift typed at the prompt is saved with the same secrets hidden as the command's statement:
    /// the rewriter reads which arguments hold secrets from the same table.
    @Test(arguments: StatementForm.allCases.filter { $0.descriptor.parameters.contains { $0.secrets != .none } })
    func typedSwiftHidesTheSecretsTheStatementHides(_ form: StatementForm) throws {
        var arguments = form.descriptor.sample.arguments
        for (index, parameter) in form.descriptor.parameters.enumerated() {
            switch parameter.secrets {
            case .none: continue
            case .namedByArgument(let name):
                arguments[name] = .text("Authorization")
                arguments[index] = parameter.kind == .optionalText ? .optionalText("s3cr3t") : .text("s3cr3t")
            case .pairNames:
                arguments[index] = .pairs([Pair("Accept", "text/plain"), Pair("Authorization", "s3cr3t")])
            case .named:
                arguments[index] = .text("s3cr3t")
            }
        }
        let statement = try #require(WorkbenchStatement(form: form, arguments: arguments))
        let source = statement.swiftSource(secrets: .inClear, interpolating: InterpolationLexer())
        let rewritten = SnippetStatementRewriter(sandboxRoot: nil).rewrite(source)
        #expect(rewritten.statement == statement.swiftSource(secrets: .environmentReads, interpolating: InterpolationLexer()))
        #expect(!rewritten.statement.contains("s3cr3t"))
        #expect(rewritten.secretVariables == statement.secretVariables)
    }
}
