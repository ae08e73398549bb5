extension Duration {
    /// The duration in seconds, for printing (`String(format: "%.2f", elapsed.inSeconds)`).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
