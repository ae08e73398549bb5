import LineResults
internal import SwiftSyntax

/// What `play`'s results column says for a statement of the file, its lines counted from the
/// statement's first line (1).
///
/// At a terminal a statement that holds a loop, or a binding written over several lines, runs
/// compiled as a playground, as an input does at the prompt after `set results on`: every line of
/// it gets the values it had (`total = 5050  (100 times)`); so do the statements `play` compiles
/// together (PromptRunner.runSteps). A statement the interpreter runs gets what the prompt printed
/// for it: a binding's value (`factor = 2`, from `factor: Int` and `2`), a `print`'s text, a
/// response's status line.
public enum PlayColumn {
    /// Whether `item` runs compiled as a playground for its column. A type, a function or an
    /// extension is left to the usual path (a model the interpreter declares is one `decode` can
    /// use), and so is a `#Playground` block, which runs as the closure its macro stands for.
    public static func runsWithResults(_ item: SwiftItem) -> Bool {
        let item = item.syntax
        if PlaygroundBlock.isBlock(item) { return false }
        if let declaration = item.item.as(DeclSyntax.self), !declaration.is(VariableDeclSyntax.self) { return false }
        return LoopFinder.holdsLoop(item) || item.trimmedDescription.contains("\n")
    }

    /// The column of a statement that ran as a typed input and printed `output`: a binding of one
    /// name shows that name and the value printed under its `name: Type` line, a `print` what it
    /// printed, anything else the first line it printed (`…` when there were more).
    public static func results(ofOutput output: String, for item: SwiftItem) -> [LineResult] {
        let item = item.syntax
        let lines = output.withoutTerminalEscapes.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("(cut on a terminal") }
        guard let first = lines.first else { return [] }
        if let name = boundName(of: item), lines.count > 1 {
            let value = lines.dropFirst().joined(separator: " ")
            return [LineResult(kind: .value, line: 1, column: 1, name: name, text: cut(value), isNumber: Double(value) != nil)]
        }
        if isPrint(item) {
            return [LineResult(kind: .printed, line: 1, column: 1, name: "", text: cut(lines.joined(separator: "\n")))]
        }
        return [LineResult(kind: .printed, line: 1, column: 1, name: "", text: lines.count > 1 ? first + " …" : first)]
    }

    /// The name a `let`/`var` of one simple name binds.
    static func boundName(of item: CodeBlockItemSyntax) -> String? {
        guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
              let pattern = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        return pattern.identifier.text
    }

    private static func isPrint(_ item: CodeBlockItemSyntax) -> Bool {
        let call = item.item.as(ExprSyntax.self)?.as(FunctionCallExprSyntax.self)
        return call?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "print"
    }

    /// A value long enough to fill any column is cut: the layout cuts it again to the width.
    private static func cut(_ text: String) -> String {
        text.count > 500 ? String(text.prefix(499)) + "…" : text
    }
}
