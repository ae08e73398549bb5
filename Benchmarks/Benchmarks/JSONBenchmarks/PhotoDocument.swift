/// A deterministic JSONPlaceholder-like photo array, pretty-printed as the real API serves it.
///
/// Shared by the micro-benchmarks and by `Programs/generate-photos` (compiled with this file), so
/// both read byte-identical documents for the same size.
enum PhotoDocument {
    static let words = [
        "accusamus", "beatae", "ad", "facilis", "cum", "similique", "qui", "sunt", "reprehenderit",
        "est", "necessitatibus", "officia", "porro", "iste", "natus", "culpa", "odio", "quidem",
        "dolorem", "magnam", "voluptate", "harum", "repudiandae", "ipsam", "autem", "et", "molestiae",
    ]
    // A few titles carry what real data has now and then: an accent, an escaped quote, a slash.
    static let extras = ["café", "\\\"rare\\\"", "a\\/b", "naïve", "\\u00e9t\\u00e9"]

    /// Elements are appended until the document has at least `minimumBytes` bytes.
    static func make(minimumBytes: Int) -> [UInt8] {
        var generator = SplitMix64(seed: 0x5EED_F070)
        var out: [UInt8] = []
        out.reserveCapacity(minimumBytes + 512)
        out.append(contentsOf: "[".utf8)
        var id = 0
        while out.count < minimumBytes {
            id += 1
            var title: [String] = []
            for _ in 0..<(3 + Int(generator.next() % 6)) {
                title.append(words[Int(generator.next() % UInt64(words.count))])
            }
            if generator.next() % 40 == 0 { title.append(extras[Int(generator.next() % UInt64(extras.count))]) }
            let color = String(generator.next() & 0xFFFFFF, radix: 16)
            let padded = String(repeating: "0", count: 6 - color.count) + color
            out.append(contentsOf: (id == 1 ? "\n" : ",\n").utf8)
            out.append(contentsOf: """
                  {
                    "albumId": \((id - 1) / 50 + 1),
                    "id": \(id),
                    "title": "\(title.joined(separator: " "))",
                    "url": "https://via.placeholder.com/600/\(padded)",
                    "thumbnailUrl": "https://via.placeholder.com/150/\(padded)"
                  }
                """.utf8)
        }
        out.append(contentsOf: "\n]\n".utf8)
        return out
    }
}

/// Steele, Lea and Flood's SplitMix64: small, fast and the same on every platform.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
