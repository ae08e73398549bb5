/// The Official Joke API's `index.json`, numbered 1…451 in file order as the real server numbers it.
struct JokeData: Sendable {
    /// Each joke as compact JSON with its `id` added last: `{"type":…,"setup":…,"punchline":…,"id":1}`.
    let jokes: [[UInt8]]
    /// Each joke's `type`, by index.
    let types: [String]

    static let shared: Result<JokeData, SandboxDataError> = Result { () throws(SandboxDataError) in try load() }

    static func load() throws(SandboxDataError) -> JokeData {
        let path = "official-joke-api/index.json"
        let source = try SandboxDataFile.document(path)
        do {
            let records = try JSONRecord.records(in: source, array: source.root)
            var jokes: [[UInt8]] = []
            var types: [String] = []
            for (index, record) in records.enumerated() {
                var compact = JSONLayout.minified(record.bytes)
                compact.removeLast()  // the closing brace
                compact.append(contentsOf: Array(",\"id\":\(index + 1)}".utf8))
                jokes.append(compact)
                types.append(record.text(atPath: "type") ?? "")
            }
            return JokeData(jokes: jokes, types: types)
        } catch {
            throw .unreadable(path, error.description)
        }
    }

    /// The types in order of first appearance, as `/types` lists them.
    var distinctTypes: [String] {
        var seen: Set<String> = []
        return types.filter { seen.insert($0).inserted }
    }

    /// `count` different jokes picked at random from those at `indices`.
    func pick(_ count: Int, from indices: [Int], using generator: inout some RandomNumberGenerator) -> [Int] {
        Array(indices.shuffled(using: &generator).prefix(count))
    }
}

/// A reproducible generator for `?seed=N` (SplitMix64), so tests and snippets get the same jokes every time.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// The request's `?seed=N` generator, or the system's when there is none.
struct RequestRandom: RandomNumberGenerator {
    private var seeded: SeededGenerator?
    private var system = SystemRandomNumberGenerator()

    init(seed: String?) {
        seeded = seed.flatMap { UInt64($0) ?? UInt64(bitPattern: Int64($0) ?? 0) }.map { SeededGenerator(seed: $0) }
        if seeded == nil, let text = seed, !text.isEmpty {
            // A non-numeric seed still gives a reproducible sequence.
            seeded = SeededGenerator(seed: text.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })
        }
    }

    mutating func next() -> UInt64 {
        guard var generator = seeded else { return system.next() }
        defer { seeded = generator }
        return generator.next()
    }
}
