import Foundation
import WorkbenchKit

/// Keeps secrets out of the history file: credentials never reach disk in clear.
///
/// Only the arguments of request commands are masked (`Command.argumentsMayHoldSecrets`): Swift,
/// and every other command, is history exactly as typed, since `let token: String` in a model or
/// `enum CodingKeys: String` is code to recall, not a credential.
enum HistoryRedaction {
    static func isSecret(name: String) -> Bool {
        SecretNames.isSecret(name)
    }

    /// The input with secret header and query values replaced by `***`.
    static func redact(_ input: String) -> String {
        var output = input
        for pattern in patterns {
            // A name that is no secret is passed over by itself, not with its value: the header
            // pattern's value runs to the end of the line, and a secret item may follow
            // (`get /me X-Trace:1 Authorization:…`).
            var start = 0
            while let match = pattern.firstMatch(in: output, range: NSRange(location: start, length: (output as NSString).length - start)) {
                let name = (output as NSString).substring(with: match.range(at: 1))
                guard isSecret(name: name) else {
                    start = match.range(at: 1).upperBound
                    continue
                }
                let value = match.range(at: 2)
                output = (output as NSString).replacingCharacters(in: value, with: "***")
                start = value.location + 3
            }
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
