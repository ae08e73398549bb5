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
        return output.hasPrefix("curl") ? redactCurlCredentials(output) : output
    }

    /// A pasted curl line's `-u user:password` and `-b 'name=value'`: an Authorization and a
    /// Cookie header, under names the patterns do not see.
    private static func redactCurlCredentials(_ input: String) -> String {
        var output = input
        let range = NSRange(input.startIndex..., in: input)
        for match in curlCredentials.matches(in: input, range: range).reversed() {
            guard let valueRange = Range(match.range(at: 1), in: output) else { continue }
            output.replaceSubrange(valueRange, with: "***")
        }
        return output
    }

    private static let curlCredentials = try! NSRegularExpression(pattern: #"(?:^|\s)(?:-[ub]\s*|--(?:user|cookie)\s+)('[^']*'|"[^"]*"|[^\s]+)"#)

    // `Name: value` (header), `name==value` (httpie query), `name=value` (query item).
    private static let patterns: [NSRegularExpression] = [
        #"([A-Za-z0-9_-]+):\s*((?:"[^"]*"|'[^']*'|[^\s]+)(?:[^\n]*)?)"#,
        #"([A-Za-z0-9_.-]+)==?((?:"[^"]*"|'[^']*'|[^\s&]+))"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }
}
