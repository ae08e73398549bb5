/// Sizes and durations as the status line shows them: `512 B`, `2.6 KB`, `1.4 MB`, `3 ms`, `1.25 s`.
public enum ByteSize {
    public static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return oneDecimal(Double(bytes) / 1024) + " KB" }
        return oneDecimal(Double(bytes) / (1024 * 1024)) + " MB"
    }

    public static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        if milliseconds < 1 { return "<1 ms" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let value = (milliseconds / 10).rounded() / 100
        return "\(value) s"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded >= 100 ? "\(Int(rounded.rounded()))" : "\(rounded)"
    }
}
