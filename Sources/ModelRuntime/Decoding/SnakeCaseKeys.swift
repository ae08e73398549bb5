import Foundation

/// JSONDecoder's `convertFromSnakeCase`: `foo_bar` → `fooBar`, leading and trailing underscores kept.
public func convertFromSnakeCase(_ key: String) -> String {
    guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first && key[last] == "_" { key.formIndex(before: &last) }
    let core = key[first...last]
    let components = core.split(separator: "_")
    let joined: String
    if components.count == 1 {
        joined = String(core)
    } else {
        joined = ([components[0].lowercased()] + components.dropFirst().map { $0.capitalized }).joined()
    }
    return String(key[key.startIndex..<first]) + joined + String(key[key.index(after: last)...])
}
