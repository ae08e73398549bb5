import Foundation
internal import SwiftParser
internal import SwiftSyntax
import WorkbenchKit

/// Makes Swift typed at the prompt fit to be saved: secret values become environment reads, and
/// URLs of this run's sandbox become `sandbox/…` (the port changes every run). Which arguments of
/// a `wb.…` call hold secrets is the descriptor table's (`StatementForm+Descriptors.swift`), the
/// names and environment reads `SecretNames`', the portable URL `SandboxAddress`': the same rules
/// that print commands' statements.
public struct SnippetStatementRewriter {
    /// `http://127.0.0.1:49731` without a trailing slash, or nil without a sandbox.
    public var sandboxRoot: String?

    public init(sandboxRoot: String?) {
        self.sandboxRoot = sandboxRoot
    }

    public struct Result: Equatable {
        public var statement: String
        /// Environment variables the statement now reads, in order.
        public var secretVariables: [String] = []
        /// Whether it names the sandbox (`sandbox/…`).
        public var usesSandbox = false
        /// The secret literals it replaced, as their values (an export masks them).
        public var secretValues: [String] = []
    }

    public func rewrite(_ statement: String) -> Result {
        let tree = SwiftParse.file(statement)
        let finder = EditFinder(sandboxRoot: sandboxRoot)
        finder.walk(tree)
        var bytes = Array(statement.utf8)
        for edit in finder.edits.sorted(by: { $0.start > $1.start }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        return Result(statement: String(decoding: bytes, as: UTF8.self), secretVariables: finder.variables,
                      usesSandbox: finder.usesSandbox, secretValues: finder.values)
    }
}

private final class EditFinder: SyntaxVisitor {
    struct Edit {
        let start: Int
        let end: Int
        let text: String
    }

    let sandboxRoot: String?
    var edits: [Edit] = []
    var variables: [String] = []
    var values: [String] = []
    var usesSandbox = false
    /// Literals already replaced by an environment read.
    private var hidden: Set<SyntaxIdentifier> = []

    init(sandboxRoot: String?) {
        self.sandboxRoot = sandboxRoot
        super.init(viewMode: .sourceAccurate)
    }

    /// `wb.header("Authorization", "…")`, `wb.query("token", "…")`: a value whose parameter the
    /// descriptor marks as named by another argument, when that argument names a secret; and
    /// `wb.digestAuth("ada", password: "…")`, whose parameter is always a secret.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return .visitChildren }
        let arguments = Array(node.arguments)
        guard let (form, indices) = StatementForm.call(name, labels: arguments.map { $0.label?.text }) else { return .visitChildren }
        let parameters = form.descriptor.parameters
        for (argument, index) in zip(arguments, indices) {
            if case .named(let secretName) = parameters[index].secrets, argument.expression.is(StringLiteralExprSyntax.self) {
                hide(argument.expression, named: secretName)
                continue
            }
            guard case .namedByArgument(let other) = parameters[index].secrets,
                  let named = zip(arguments, indices).first(where: { $0.1 == other })?.0,
                  let secretName = named.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                  argument.expression.is(StringLiteralExprSyntax.self) else { continue }
            hide(argument.expression, named: secretName)
        }
        return .visitChildren
    }

    /// `query: ["access_token": "…"]`, `headers: ["Authorization": "…"]`, and any other dictionary
    /// literal whose key names a secret.
    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue, node.value.is(StringLiteralExprSyntax.self) {
            hide(node.value, named: name)
        }
        return .visitChildren
    }

    /// A URL of this run's sandbox, written as `sandbox/…`.
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !hidden.contains(node.id), let text = node.representedLiteralValue else { return .skipChildren }
        if SandboxAddress.isPortable(text) { usesSandbox = true }
        if let root = sandboxRoot, let portable = SandboxAddress.portable(text, root: root) {
            usesSandbox = true
            edits.append(Edit(start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                              end: node.endPositionBeforeTrailingTrivia.utf8Offset, text: SwiftLiteral.quoted(portable)))
        }
        return .skipChildren
    }

    private func hide(_ value: ExprSyntax, named name: String) {
        guard SecretNames.isSecret(name), !hidden.contains(value.id) else { return }
        hidden.insert(value.id)
        let variable = SecretNames.variable(for: name)
        if !variables.contains(variable) { variables.append(variable) }
        if let literal = value.as(StringLiteralExprSyntax.self)?.representedLiteralValue { values.append(literal) }
        edits.append(Edit(start: value.positionAfterSkippingLeadingTrivia.utf8Offset,
                          end: value.endPositionBeforeTrailingTrivia.utf8Offset, text: SecretNames.environmentRead(for: name)))
    }
}
