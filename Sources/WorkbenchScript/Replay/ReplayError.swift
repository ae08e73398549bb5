internal import SwiftSyntax

/// A snippet step that cannot be replayed, or that failed, with where it is in the file.
public struct ReplayError: Error, CustomStringConvertible {
    /// The snippet's file name (`borders.swift`), for the `file:line:col` prefix.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The error the step threw, when it ran and failed (nil for a construct replay cannot run).
    public var underlying: (any Error)?

    public init(file: String, line: Int, column: Int, message: String, underlying: (any Error)? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.underlying = underlying
    }

    /// `borders.swift:12:5: message`, the compiler's way of pointing at a spot.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A construct the interpreter does not run, found while evaluating (located by the caller).
struct UnsupportedConstruct: Error {
    let node: Syntax
    let message: String

    init(_ node: some SyntaxProtocol, _ message: String) {
        self.node = Syntax(node)
        self.message = message
    }

    /// `` `if` is not supported in replay ``, `closures are not supported in replay`.
    static func sentence(for node: some SyntaxProtocol) -> String {
        let name = name(of: node)
        let plural = name.hasSuffix("s") || name.hasSuffix("s (`!`)") || name.hasPrefix("loops")
        return "\(name) \(plural && !name.hasPrefix("'") ? "are" : "is") not supported in replay"
    }

    /// `if` statements, closures, operators: what a reader calls the construct.
    static func name(of node: some SyntaxProtocol) -> String {
        switch node.kind {
        case .ifExpr: "`if`"
        case .switchExpr: "`switch`"
        case .guardStmt: "`guard`"
        case .whileStmt, .repeatStmt: "loops other than `for … in`"
        case .closureExpr: "closures"
        case .keyPathExpr: "key paths"
        case .sequenceExpr, .infixOperatorExpr, .binaryOperatorExpr: "operators"
        case .prefixOperatorExpr, .postfixOperatorExpr: "operators"
        case .ternaryExpr: "the ternary operator"
        case .functionDecl: "functions"
        case .classDecl: "classes"
        case .extensionDecl: "extensions"
        case .protocolDecl: "protocols"
        case .forceUnwrapExpr: "force unwrapping (`!`)"
        case .asExpr, .isExpr: "casts"
        case .closureCaptureSpecifier: "closures"
        default: "'\(node.trimmedDescription.prefix(40))'"
        }
    }
}
