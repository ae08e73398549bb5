// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets over Workbench's parsers, decoder, interpreter, command dispatch and the Swift
// host's path in the REPL. A package of its own so that `make test` never builds it; `make fuzz`
// builds it optimized (`-c release`, swift-syntax too) with `-sanitize=address` and `-enable-testing`
// (FuzzHost and FuzzExpressions reach internal types: WorkbenchScript never makes swift-syntax's
// public) into Fuzzing/.build and runs each target (Fuzzing/run-fuzzers.py). libFuzzer's coverage
// is on Workbench's own modules (the root Package.swift's `fuzzCoverage`, which the Makefile turns
// on) and these targets, not on swift-syntax and the other dependencies, whose counters libFuzzer
// otherwise went through on every input.
// Each target is one file without a `main`: libFuzzer's own `main` calls LLVMFuzzerTestOneInput
// (parsed as a library: SwiftPM would compile the file as top-level code, whose `main` runs instead).
// The coverage options are those `-sanitize=fuzzer` implies on Linux, as in the root Package.swift;
// the link's `-sanitize=fuzzer` brings in libFuzzer.
let libFuzzerEntry: [SwiftSetting] = [
    .unsafeFlags([
        "-parse-as-library",
        "-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table",
        "-Xllvm", "-sanitizer-coverage-stack-depth",
    ]),
]
let libFuzzerLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

let package = Package(
    name: "WorkbenchFuzz",
    dependencies: [
        // Named, because a path package is otherwise known by its folder's name (the clone's).
        .package(name: "Workbench", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "WorkbenchKit", package: "Workbench"),
            ]
        ),
        .executableTarget(
            name: "FuzzCommands",
            dependencies: ["FuzzSupport", .product(name: "REPL", package: "Workbench")],
            swiftSettings: libFuzzerEntry,
            linkerSettings: libFuzzerLink
        ),
        .executableTarget(
            name: "FuzzDeclarations",
            dependencies: ["FuzzSupport", .product(name: "ModelRuntime", package: "Workbench"), .product(name: "WorkbenchScript", package: "Workbench")],
            swiftSettings: libFuzzerEntry,
            linkerSettings: libFuzzerLink
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: ["FuzzSupport", .product(name: "WorkbenchKit", package: "Workbench")],
            swiftSettings: libFuzzerEntry,
            linkerSettings: libFuzzerLink
        ),
        .executableTarget(
            name: "FuzzDecoder",
            dependencies: ["FuzzSupport", .product(name: "ModelRuntime", package: "Workbench"), .product(name: "WorkbenchScript", package: "Workbench")],
            swiftSettings: libFuzzerEntry,
            linkerSettings: libFuzzerLink
        ),
        .executableTarget(
            name: "FuzzHost",
            dependencies: ["FuzzSupport", .product(name: "WorkbenchScript", package: "Workbench")],
            swiftSettings: libFuzzerEntry,
            linkerSettings: libFuzzerLink
        ),
        .executableTarget(
            name: "FuzzExpressions",
            dependencies: ["FuzzSupport", .product(name: "WorkbenchScript", package: "Workbench")],
            swiftSettings: libFuzzerEntry,
            linkerSettings: libFuzzerLink
        ),
    ],
    swiftLanguageModes: [.v5]
)
