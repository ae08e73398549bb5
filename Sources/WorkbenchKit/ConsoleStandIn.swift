// TEMPORARY stand-in for the lead's Console (REPL-CORE.md); deleted when `main` is merged.
import Foundation

public enum TextStyle: Sendable { case bold, dim, red, green, yellow, blue, magenta, cyan, gray }

public final class Console: @unchecked Sendable {
    public static let standard = Console()
    public var isTerminal = false
    public var colors = false
    public var captured = ""
    public init() {}
    public func write(_ text: String) { captured += text }
    public func line(_ text: String) { captured += text + "\n" }
    public func flush() {}
    public func styled(_ text: String, _ style: TextStyle) -> String { text }
}
