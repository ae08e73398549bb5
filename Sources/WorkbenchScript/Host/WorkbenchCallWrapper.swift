internal import SwiftSyntax

/// In the results column's input, each `wb.…` call made as a statement goes through
/// `HostLibrary.workbenchResult`, so that a request's line shows its status line
/// (`HTTP 200 OK · application/json · 1.2 KB · 87 ms`, what `wb.get` prints) rather than the whole
/// `Exchange`. Calls in closures and functions are left alone: there a call can be the body's value.
enum WorkbenchCallWrapper {
    static func edits(in item: TopLevelItem) -> [SourceEdit] {
        let finder = StatementCallFinder(viewMode: .sourceAccurate)
        finder.walk(item.syntax)
        return finder.ranges.flatMap { range in
            [SourceEdit(range: range.lowerBound..<range.lowerBound, text: "\(HostLibrary.workbenchResult)("),
             SourceEdit(range: range.upperBound..<range.upperBound, text: ")")]
        }
    }

    private final class StatementCallFinder: SyntaxVisitor {
        var ranges: [Range<Int>] = []

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            if let expression = node.item.as(ExprSyntax.self), expression.callsWorkbench,
               !TopLevelItem.isAssignment(expression) {
                ranges.append(node.item.positionAfterSkippingLeadingTrivia.utf8Offset..<node.item.endPositionBeforeTrailingTrivia.utf8Offset)
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
