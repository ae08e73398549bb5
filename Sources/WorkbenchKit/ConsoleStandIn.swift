// TEMPORARY stand-in for the lead's Console (REPL-CORE.md), same names; deleted when `main` is merged.
import Foundation

public enum TextStyle: Sendable { case bold, dim, red, green, yellow, blue, magenta, cyan, gray }

public final class Console: @unchecked Sendable {
    public static let standard = Console()
    public let isTerminal: Bool
    public var colors: Bool
    private var captured = ""
    public init(capturingWithColors colors: Bool = false, terminal: Bool = false) {
        self.colors = colors
        isTerminal = terminal
    }
    public func write(_ text: String) { captured += text }
    public func line(_ text: String = "") { captured += text + "\n" }
    public func flush() {}
    public var capturedText: String { captured }
    public func clearCaptured() { captured = "" }
    public func styled(_ text: String, _ style: TextStyle) -> String { text }
}
