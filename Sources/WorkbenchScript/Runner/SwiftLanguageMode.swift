/// The Swift language mode compiled input is checked in. Swift 5 by default, as `swiftc` and
/// `swift FILE` with no flag, Xcode playgrounds and LLDB's REPL check it, and as tutorial code is
/// written: a singleton `static let shared` of a class, or a completion handler captured by
/// `URLSession`'s closure, compiles in 5 and is refused in 6 (docs/swift.md, "From a tutorial").
public enum SwiftLanguageMode: String, Sendable, CaseIterable, Codable {
    case swift5 = "5"
    case swift6 = "6"

    /// The value of `-swift-version`.
    public var version: String { rawValue }

    /// `5` or `6` (also `swift5`, `v6`): nil for anything else.
    public init?(typed: String) {
        let digits = typed.lowercased().drop { !$0.isNumber }
        guard let mode = SwiftLanguageMode(rawValue: String(digits)) else { return nil }
        self = mode
    }
}
