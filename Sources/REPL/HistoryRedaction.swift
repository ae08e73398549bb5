import Foundation
import WorkbenchKit

/// Keeps secrets out of the history file: credentials never reach disk in clear.
enum HistoryRedaction {
    static func isSecret(name: String) -> Bool {
        SecretNames.isSecret(name)
    }

    /// The input with secret header and query values replaced by `***`.
    static func redact(_ input: String) -> String {
        var output = input
        for pattern in patterns {
            let range = NSRange(output.startIndex..., in: output)
            var replaced = output
            for match in pattern.matches(in: output, range: range).reversed() {
                guard let nameRange = Range(match.range(at: 1), in: output),
                      let valueRange = Range(match.range(at: 2), in: output),
                      isSecret(name: String(output[nameRange])) else { continue }
                replaced.replaceSubrange(valueRange, with: "***")
            }
            output = replaced
        }
        return output
    }

    // `Name: value` (header), `name==value` (httpie query), `name=value` (query item).
    private static let patterns: [NSRegularExpression] = [
        #"([A-Za-z0-9_-]+):\s*((?:"[^"]*"|'[^']*'|[^\s]+)(?:[^\n]*)?)"#,
        #"([A-Za-z0-9_.-]+)==?((?:"[^"]*"|'[^']*'|[^\s&]+))"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }
}
