import Foundation
import WorkbenchSpec

// Figure 11: `spec FILE` reading a document (bytes already in memory, as after the fetch), and the
// completions Tab asks for, on one document. Prints one line per measure: NAME then seconds, each run.
// Usage: SpecTimes FILE [RUNS]
let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: SpecTimes FILE [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10
let location = URL(string: "https://example.com/openapi")!

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

var spec: APISpec?
var loads: [Double] = []
for _ in 0..<runs { loads.append(try seconds { spec = try APISpec.read(data, from: location) }) }
guard let spec else { exit(1) }
print("load", loads.map { String($0) }.joined(separator: " "))
print("operations", spec.operations.count, "schemas", spec.schemas.count, "bytes", data.count)

// The completions of one Tab: paths after a prefix, a path's query names, one parameter's enum
// values, operationIds. Each timed over every operation's path (values: every parameter of it).
let completion = SpecCompletion(spec: spec, base: spec.servers.first.flatMap(URL.init(string:)))
let paths = spec.operations.map { $0.path.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "") }
var worst: [String: Double] = [:]
var totals: [String: (Double, Int)] = [:]
@MainActor func time(_ name: String, _ body: () -> Void) {
    let elapsed = seconds(body)
    worst[name] = max(worst[name] ?? 0, elapsed)
    let total = totals[name] ?? (0, 0)
    totals[name] = (total.0 + elapsed, total.1 + 1)
}
for path in paths {
    time("paths") { _ = completion.paths(matching: String(path.prefix(4))) }
    time("query") { _ = completion.queryNames(forPath: path) }
    // `name==` then Tab: the values of one parameter (each of the path's in turn, each timed).
    for name in completion.queryNames(forPath: path) {
        time("values") { _ = completion.values(forPath: path, parameter: name) }
    }
    time("operationIds") { _ = completion.operationIds(matching: String((spec.operations.first?.operationId ?? "").prefix(3))) }
}
for name in ["paths", "query", "values", "operationIds"] {
    let (total, count) = totals[name] ?? (0, 1)
    print("complete-\(name)", total / Double(max(count, 1)), worst[name] ?? 0)
}
