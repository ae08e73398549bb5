import Foundation
import GraphQLDocuments
import Testing

/// Fixtures/expected.json, written by Fixtures/make_expected.py from graphql-core's answers.
struct Fixture: Decodable {
    struct ExpectedError: Decodable, Equatable, Sendable {
        var message: String
        var line: Int
        var column: Int
    }

    struct DocumentCase: Decodable, Sendable, CustomTestStringConvertible {
        var query: String
        var result: String
        var error: ExpectedError?
        var ast: String?
        var testDescription: String { String(reflecting: query) }
    }

    struct ValueCase: Decodable, Sendable, CustomTestStringConvertible {
        var text: String
        var result: String
        var error: ExpectedError?
        var printed: String?
        var testDescription: String { String(reflecting: text) }
    }

    var generator: String
    var documents: [DocumentCase]
    var values: [ValueCase]

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Fixtures/expected.json")

    static let loaded: Fixture = {
        do {
            return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

/// The same one-line-per-definition dump of a document that make_expected.py makes of
/// graphql-core's AST, every node with its line:column.
enum ASTDump {
    static func document(_ document: GraphQLDocument) -> String {
        // graphql-core keeps definitions in text order; the module keeps operations and fragments
        // apart, so both are put back in order by where they start.
        let operations = document.operations.map { ($0.location, operation($0)) }
        let fragments = document.fragments.map { ($0.location, fragment($0)) }
        return (operations + fragments)
            .sorted { ($0.0.line, $0.0.column) < ($1.0.line, $1.0.column) }
            .map(\.1).joined(separator: "\n")
    }

    static func at(_ location: GraphQLLocation) -> String { "@\(location.line):\(location.column)" }

    static func operation(_ op: GraphQLOperation) -> String {
        let variables = op.variables.map {
            "var($\($0.name),\($0.type),\($0.defaultValue.map(String.init(describing:)) ?? "-"),\(directives($0.directives)))\(at($0.location))"
        }.joined(separator: " ")
        return "op(\(op.kind.rawValue),\(op.name ?? "-"),[\(variables)],\(directives(op.directives)),\(selections(op.selections)))\(at(op.location))"
    }

    static func fragment(_ fragment: GraphQLFragmentDefinition) -> String {
        "frag(\(fragment.name),\(fragment.typeCondition),\(directives(fragment.directives)),\(selections(fragment.selections)))\(at(fragment.location))"
    }

    static func arguments(_ arguments: [GraphQLArgument]) -> String {
        "[" + arguments.map { "arg(\($0.name),\($0.value))\(at($0.location))" }.joined(separator: " ") + "]"
    }

    static func directives(_ directives: [GraphQLDirective]) -> String {
        "[" + directives.map { "dir(\($0.name),\(arguments($0.arguments)))\(at($0.location))" }.joined(separator: " ") + "]"
    }

    static func selections(_ selections: [GraphQLSelection]) -> String {
        "[" + selections.map { selection in
            switch selection {
            case .field(let f):
                "field(\(f.alias ?? "-"),\(f.name),\(arguments(f.arguments)),\(directives(f.directives)),\(self.selections(f.selections)))\(at(f.location))"
            case .fragmentSpread(let s):
                "spread(\(s.name),\(directives(s.directives)))\(at(s.location))"
            case .inlineFragment(let i):
                "inline(\(i.typeCondition ?? "-"),\(directives(i.directives)),\(self.selections(i.selections)))\(at(i.location))"
            }
        }.joined(separator: " ") + "]"
    }
}
