/// Sizes and durations as the status line shows them: `512 B`, `2.6 KB`, `1.4 MB`, `2 GB`, `3 ms`,
/// `1.25 s` (binary units, as `set max-body` reads them).
public enum ByteSize {
    public static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return oneDecimal(Double(bytes) / 1024) + " KB" }
        if bytes < 1 << 30 { return oneDecimal(Double(bytes) / Double(1 << 20)) + " MB" }
        return oneDecimal(Double(bytes) / Double(1 << 30)) + " GB"
    }

    /// `256MB`, `256 MB`, `1GB`, `64k`, `1000` (bytes): what `set max-body` accepts; nil otherwise.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let scales: [String: Double] = ["": 1, "B": 1, "K": 0x400, "KB": 0x400, "M": 0x10_0000, "MB": 0x10_0000, "G": 0x4000_0000, "GB": 0x4000_0000]
        guard let number = Double(digits), let scale = scales[unit] else { return nil }
        let bytes = (number * scale).rounded()
        guard bytes >= 1, bytes < Double(Int.max) else { return nil }
        return Int(bytes)
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
