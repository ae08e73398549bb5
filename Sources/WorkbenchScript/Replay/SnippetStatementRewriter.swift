import Foundation
import SwiftParser
import SwiftSyntax

/// Makes a statement fit to be saved: secret values become environment reads, and URLs of this
/// run's sandbox become `sandbox/…` (the port changes every run).
public struct SnippetStatementRewriter {
    /// `http://127.0.0.1:49731` without a trailing slash, or nil without a sandbox.
    public var sandboxRoot: String?
    /// Whether a header or query item of this name holds a secret.
    public var isSecret: (String) -> Bool
    /// The environment variable a secret of this name is read from.
    public var variable: (String) -> String

    public init(sandboxRoot: String?, isSecret: @escaping (String) -> Bool, variable: @escaping (String) -> String) {
        self.sandboxRoot = sandboxRoot
        self.isSecret = isSecret
        self.variable = variable
    }

    public struct Result: Equatable {
        public var statement: String
        /// Environment variables the statement now reads, in order.
        public var secretVariables: [String] = []
        /// Whether it names the sandbox (`sandbox/…`).
        public var usesSandbox = false
    }

    public func rewrite(_ statement: String) -> Result {
        let tree = Parser.parse(source: statement)
        let finder = EditFinder(rewriter: self, viewMode: .sourceAccurate)
        finder.walk(tree)
        var bytes = Array(statement.utf8)
        for edit in finder.edits.sorted(by: { $0.start > $1.start }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        return Result(statement: String(decoding: bytes, as: UTF8.self), secretVariables: finder.variables,
                      usesSandbox: finder.usesSandbox)
    }

    /// `ProcessInfo.processInfo.environment["AUTHORIZATION"] ?? ""`.
    func environmentRead(_ name: String) -> String {
        "ProcessInfo.processInfo.environment[\(variable(name).debugDescription)] ?? \"\""
    }
}

private final class EditFinder: SyntaxVisitor {
    struct Edit {
        let start: Int
        let end: Int
        let text: String
    }

    let rewriter: SnippetStatementRewriter
    var edits: [Edit] = []
    var variables: [String] = []
    var usesSandbox = false

    init(rewriter: SnippetStatementRewriter, viewMode: SyntaxTreeViewMode) {
        self.rewriter = rewriter
        super.init(viewMode: viewMode)
    }

    /// `wb.header("Authorization", "…")`, `wb.query("token", "…")`, `wb.addQuery`: the second argument.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        let arguments = Array(node.arguments)
        if ["header", "defaultHeader", "query", "addQuery"].contains(callee ?? ""), arguments.count == 2,
           let name = arguments[0].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
           arguments[1].expression.is(StringLiteralExprSyntax.self) {
            hide(arguments[1].expression, named: name)
            return .skipChildren
        }
        return .visitChildren
    }

    /// `query: ["access_token": "…"]`, `headers: ["Authorization": "…"]`.
    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
           node.value.is(StringLiteralExprSyntax.self), rewriter.isSecret(name) {
            hide(node.value, named: name)
            return .skipChildren
        }
        return .visitChildren
    }

    /// A URL of this run's sandbox, written as `sandbox/…`.
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard let text = node.representedLiteralValue else { return .skipChildren }
        if text == "sandbox" || text.hasPrefix("sandbox/") { usesSandbox = true }
        if let root = rewriter.sandboxRoot, text == root || text.hasPrefix(root + "/") {
            usesSandbox = true
            let portable = "sandbox" + text.dropFirst(root.count)
            edits.append(Edit(start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                              end: node.endPositionBeforeTrailingTrivia.utf8Offset, text: portable.debugDescription))
        }
        return .skipChildren
    }

    private func hide(_ value: ExprSyntax, named name: String) {
        guard rewriter.isSecret(name) else { return }
        let variable = rewriter.variable(name)
        if !variables.contains(variable) { variables.append(variable) }
        edits.append(Edit(start: value.positionAfterSkippingLeadingTrivia.utf8Offset,
                          end: value.endPositionBeforeTrailingTrivia.utf8Offset, text: rewriter.environmentRead(name)))
    }
}
