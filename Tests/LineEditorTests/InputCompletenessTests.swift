import LineEditor
import Testing

@Suite struct InputCompletenessTests {
    @Test(arguments: [
        ("help", true),
        ("", true),
        ("struct Post: Codable {", false),
        ("struct Post: Codable {\n  let id: Int\n}", true),
        ("body {\"a\": [1, 2", false),
        ("body {\"a\": [1, 2]}", true),
        ("let s = \"{\"", true),
        ("let s = \"a \\\" {\"", true),
        ("let s = \"open", false),
        ("let s = \"open\nclosed\"", true),
        ("let s = \"\"\"\n{\n\"\"\"", true),
        ("let s = \"\"\"\n{", false),
        ("struct A { // }", false),
        ("struct A { /* } */", false),
        ("struct A { /* } */ }", true),
        ("/* open", false),
        ("}", true),
        ("print(1))", true),
        ("f(\n1,\n2\n)", true),
        // Blank lines inside a declaration are ordinary lines.
        ("struct Post {\n  let id: Int\n\n", false),
        ("struct Post {\n  let id: Int\n\n  let title: String\n}", true),
    ])
    func completeness(text: String, complete: Bool) {
        #expect(InputCompleteness.ofSwift(text) == (complete ? .complete : .incomplete), "\(text.debugDescription)")
    }
}
