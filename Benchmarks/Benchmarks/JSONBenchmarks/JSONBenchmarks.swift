import Benchmark
import Foundation
import ModelRuntime
import WorkbenchKit
import WorkbenchScript

// Per-component timings on the same photo-like document as `make bench` (20 MB unless
// WORKBENCH_BENCH_BYTES says otherwise), each next to Foundation's equivalent in the same run.

/// The struct the bench types at the prompt, compiled, for JSONDecoder.
struct Photo: Codable { let albumId: Int; let id: Int; let title: String; let url: String; let thumbnailUrl: String }

let photoDeclaration = "struct Photo: Codable { let albumId: Int; let id: Int; let title: String; let url: String; let thumbnailUrl: String }"

let benchmarks: @Sendable () -> Void = {
    let size = ProcessInfo.processInfo.environment["WORKBENCH_BENCH_BYTES"].flatMap { Int($0) } ?? 20_000_000
    let bytes = PhotoDocument.make(minimumBytes: size)
    let data = Data(bytes)
    let megabytes = Double(bytes.count) / 1_000_000

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 10
    )

    Benchmark("parse: JSONDocument (\(Int(megabytes)) MB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDocument(parsing: data, options: .foundationCompatible).entryCount)
        }
    }

    Benchmark("parse: JSONSerialization (\(Int(megabytes)) MB, reference)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }

    Benchmark("print: JSONPrinter pretty (\(Int(megabytes)) MB)") { benchmark in
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 4)
        for _ in benchmark.scaledIterations {
            output.removeAll(keepingCapacity: true)
            blackHole(try JSONPrinter().format(bytes, into: &output))
        }
    }

    Benchmark("decode [Photo]: prompt model (\(Int(megabytes)) MB)") { benchmark in
        let workspace = ModelWorkspace()
        _ = try workspace.declare(photoDeclaration)
        for _ in benchmark.scaledIterations {
            // A new body each time, so the parse is timed too, as `decode` after `json @FILE` does it.
            workspace.setBody(data)
            blackHole(try workspace.decode("[Photo]"))
        }
    }

    Benchmark("decode [Photo]: JSONDecoder (\(Int(megabytes)) MB, reference)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDecoder().decode([Photo].self, from: data))
        }
    }

    // What `decode` prints after decoding (the whole value when output is not a terminal).
    Benchmark("print decoded [Photo]: prompt model's value printer") { benchmark in
        let workspace = ModelWorkspace()
        _ = try workspace.declare(photoDeclaration)
        workspace.setBody(data)
        let value = try workspace.decode("[Photo]")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(value.printed(moduleName: "main"))
        }
    }

    Benchmark("print decoded [Photo]: String(describing:) (reference)") { benchmark in
        let photos = try JSONDecoder().decode([Photo].self, from: data)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(String(describing: photos))
        }
    }
}
