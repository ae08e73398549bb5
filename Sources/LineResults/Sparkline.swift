/// The values a line of the results column had, drawn as a row of bars (`▁▂▃▅█`), lowest to
/// highest, as Xcode's graph of a value that changed in a loop.
enum Sparkline {
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The most bars drawn, so that the value beside them keeps the column's room.
    static let width = 12

    /// `values` as bars, each scaled between their lowest and highest (all lowest when those are
    /// equal: nothing changed). More values than `width` are drawn one bar per stretch of them, the
    /// value at its end, so the last bar is the value the column shows. Empty for fewer than two
    /// values, or when one of them is not finite (no scale holds it).
    static func of(_ values: [Double]) -> String {
        guard values.count > 1, values.allSatisfy(\.isFinite), let low = values.min(), let high = values.max() else { return "" }
        let count = min(values.count, width)
        let shown = (0..<count).map { bar in values[(bar + 1) * values.count / count - 1] }
        return String(shown.map { value in
            let level = high > low ? Int(((value - low) / (high - low) * Double(bars.count - 1)).rounded()) : 0
            return bars[level]
        })
    }
}
