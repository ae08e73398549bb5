// CountriesReference QUERIES.json OUT.json DATASETS-FOLDER
//
// Runs each case of the query table through the Graphiti schema and writes OUT.json: an object with
// one member per case name, { "response": the GraphQLResult as GraphQLSwift encodes it (its
// GraphQLJSONEncoder, compact, keys in response order), "sorted": the same JSON as an object },
// written pretty-printed with sorted keys so the file diffs well. A request that GraphQLSwift
// rejects by throwing (a syntax error) is recorded as GraphQLResult(errors: [that error]) and
// marked "thrown": true.
//
// CountriesReference --sdl prints the schema as GraphQLSwift prints it (to compare with the spec's SDL).

import Foundation
import GraphQL
import Graphiti

struct QueryCase: Decodable {
    let name: String
    let query: String
    let variables: [String: Map]?
    let operationName: String?
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CountriesReference: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--sdl" {
    do {
        print(printSchema(schema: try makeCountriesSchema().schema))
        exit(0)
    } catch {
        fail("\(error)")
    }
}
guard arguments.count == 4 else {
    fail("usage: CountriesReference QUERIES.json OUT.json DATASETS-FOLDER | --sdl")
}

let cases: [QueryCase]
let data: CountriesGraphData
let schema: Schema<CountriesRoot, CountriesGraphData>
do {
    cases = try JSONDecoder().decode(
        [QueryCase].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    )
    data = try CountriesGraphData(directory: URL(fileURLWithPath: arguments[3], isDirectory: true))
    schema = try makeCountriesSchema()
} catch {
    fail("\(error)")
}

var seen: Set<String> = []
for queryCase in cases where !seen.insert(queryCase.name).inserted {
    fail("case \(queryCase.name) appears twice")
}

let encoder = GraphQLJSONEncoder()
let foundationEncoder = JSONEncoder()
var output: [String: Any] = [:]
var reorderedByFoundation = 0
for queryCase in cases {
    var thrown = false
    let result: GraphQLResult
    do {
        result = try await schema.execute(
            request: queryCase.query,
            resolver: CountriesRoot(),
            context: data,
            variables: queryCase.variables ?? [:],
            operationName: queryCase.operationName
        )
    } catch let error as GraphQLError {
        thrown = true
        result = GraphQLResult(errors: [error])
    } catch {
        fail("case \(queryCase.name): \(error)")
    }

    let encoded = try encoder.encode(result)
    guard let text = String(data: encoded, encoding: .utf8) else {
        fail("case \(queryCase.name): the response is not UTF-8")
    }
    // Foundation's JSONEncoder keeps no key order (GraphQLSwift's own encoder exists for that).
    if let plain = try? foundationEncoder.encode(result), plain != encoded {
        reorderedByFoundation += 1
    }
    var entry: [String: Any] = [
        "response": text,
        "sorted": try JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed]),
    ]
    if thrown {
        entry["thrown"] = true
    }
    output[queryCase.name] = entry
}

let file = try JSONSerialization.data(
    withJSONObject: output, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
)
do {
    try (file + Data("\n".utf8)).write(to: URL(fileURLWithPath: arguments[2]))
} catch {
    fail("cannot write \(arguments[2]): \(error)")
}
print("CountriesReference: \(cases.count) cases written to \(arguments[2])")
FileHandle.standardError.write(Data(
    "CountriesReference: Foundation's JSONEncoder would order keys differently in \(reorderedByFoundation) of them\n".utf8
))
