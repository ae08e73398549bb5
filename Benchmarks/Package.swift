// swift-tools-version:6.1
import PackageDescription

// In-process micro-benchmarks (ordo-one/benchmark) of Workbench's JSON parser, printer and decoder.
// SpecTimes times `spec` on a large real OpenAPI document (figure 11); ImageTimes a JPEG drawn (figure 18).
// A package of its own so that `make test` never builds it; `make bench-micro` runs it.
let package = Package(
    name: "WorkbenchBenchmarks",
    dependencies: [
        // Named, because a path package is otherwise known by its folder's name (the clone's).
        .package(name: "Workbench", path: ".."),
        // Only the malloc interposer: the default RuntimeInterposer trait needs a package we do not have.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "JSONBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WorkbenchKit", package: "Workbench"),
                .product(name: "ModelRuntime", package: "Workbench"),
                .product(name: "WorkbenchScript", package: "Workbench"),
            ],
            path: "Benchmarks/JSONBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Figure 18: a JPEG decoded and drawn for a terminal (image_bench.py runs it).
        .executableTarget(
            name: "ImageTimes",
            dependencies: [.product(name: "TerminalImages", package: "Workbench")],
            path: "Benchmarks/ImageTimes"
        ),
        // Figure 11: loading an OpenAPI document and completing from it (bench.py runs it).
        .executableTarget(
            name: "SpecTimes",
            dependencies: [.product(name: "WorkbenchSpec", package: "Workbench")],
            path: "Benchmarks/SpecTimes"
        ),
    ]
)
