import SwiftParser
import SwiftSyntax
import Testing
import WorkbenchKit
import WorkbenchScript

/// Where a `\(…)` in a command's text ends, by swift-syntax's lexer: what a string literal, a raw
/// string, a comment or a nested interpolation in the expression holds does not end it.
@Suite struct InterpolationLexerTests {
    @Test(arguments: [
        ("x \\(y) z", ["y"]),
        ("/posts/\\(posts[0].id)", ["posts[0].id"]),
        ("\\(f(\"a)b\"))", ["f(\"a)b\")"]),
        ("\\(d[\")\"]) and \\(e)", ["d[\")\"]", "e"]),
        ("\\(f(#\"a\"b)\"#))", ["f(#\"a\"b)\"#)"]),
        ("\\(f(/* ) */ 1))", ["f(/* ) */ 1)"]),
        ("\\(\"\\(a)\")", ["\"\\(a)\""]),
        ("\\(a[\"\\(b)\"])", ["a[\"\\(b)\"]"]),
        ("{\"id\": \\(post.id), \"title\": \"x)\"}", ["post.id"]),
        ("\\(a", []),
        ("\\(f(\"(\")", []),
        ("no interpolation (at all)", []),
    ])
    func expressionsEndWhereSwiftEndsThem(text: String, expressions: [String]) {
        let segments = Interpolation.segments(of: text, ends: InterpolationLexer())
        #expect(segments.filter(\.isExpression).map(\.text) == expressions, "\(text)")
        #expect(segments.map { $0.isExpression ? "\\(" + $0.text + ")" : $0.text }.joined() == text)
    }

    /// A text printed as a Swift literal (what `save` writes) reads back, with swift-syntax's parser,
    /// into the same interpolated expressions.
    @Test(arguments: ["/posts/\\(posts[0].id)", "\\(f(#\"a\"b)\"#)) \"quoted\" \\(d[\")\"])", "a \\(\"\\(b)\") c"])
    func aPrintedLiteralParsesBackToTheSameExpressions(_ text: String) throws {
        let literal = SwiftLiteral.string(text, interpolating: InterpolationLexer())
        let parsed = try #require(Parser.parse(source: literal).statements.first?.item.as(ExprSyntax.self)?.as(StringLiteralExprSyntax.self))
        let expressions = parsed.segments.compactMap { $0.as(ExpressionSegmentSyntax.self)?.expressions.description }
        let segments = Interpolation.segments(of: text, ends: InterpolationLexer())
        #expect(expressions == segments.filter(\.isExpression).map(\.text), "\(literal)")
    }
}
