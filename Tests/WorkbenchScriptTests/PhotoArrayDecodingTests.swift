import Foundation
import Testing
@testable import WorkbenchScript

/// Decoding throughput against JSONDecoder on a large photo array. Prints figures only (no timing
/// assertion); runs when WB_BENCH is set: `WB_BENCH=1 swift test -c release --filter ThroughputProbe`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WB_BENCH"] != nil))
struct ThroughputProbe {
    struct Photo: Codable {
        let albumId: Int
        let id: Int
        let title: String
        let url: URL
        let thumbnailUrl: URL
    }

    static func photoArray(megabytes: Int) throws -> Data {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Sandbox/Data/jsonplaceholder/data.json").standardized
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any]
        let photos = try JSONSerialization.data(withJSONObject: all?["photos"] ?? [])
        var body = Data("[".utf8)
        let inner = photos.dropFirst().dropLast()
        while body.count < megabytes * 1_000_000 {
            if body.count > 1 { body.append(contentsOf: Array(",".utf8)) }
            body.append(inner)
        }
        body.append(contentsOf: Array("]".utf8))
        return body
    }

    @Test func photosDecodeFasterThanJSONDecoder() throws {
        let body = try Self.photoArray(megabytes: 20)
        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse(
            "struct Photo: Codable { let albumId: Int; let id: Int; let title: String; let url: URL; let thumbnailUrl: URL }"))
        let type = try registry.resolveForDecoding(.array(.named("Photo")))
        let megabytes = Double(body.count) / 1_000_000
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let foundation = try clock.measure { _ = try JSONDecoder().decode([Photo].self, from: body) }
            let ours = try clock.measure { _ = try ModelDecoder().decode(type, from: body) }
            func rate(_ duration: Duration) -> String {
                String(format: "%.0f MB/s", megabytes / (Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds)))
            }
            print("photos \(String(format: "%.1f", megabytes)) MB: JSONDecoder \(rate(foundation)), ModelDecoder \(rate(ours))")
        }
    }
}
