// The transport floor: the URLs of a file fetched one after another with URLSession, in one process.
// Shows how much of replay's time is URLSession's own (docs/ARCHITECTURE.md, "URLSession on Linux").
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let text = (try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)) ?? ""
var failures = 0
for line in text.split(separator: "\n") {
    guard let url = URL(string: String(line)) else { continue }
    do {
        let (_, response) = try await URLSession.shared.data(from: url)
        if (response as? HTTPURLResponse)?.statusCode != 200 { failures += 1 }
    } catch {
        failures += 1
    }
}
print("failures: \(failures)")
exit(failures == 0 ? 0 : 1)
