// swift-tools-version:6.1
import PackageDescription

// Dependencies point one way (docs/ARCHITECTURE.md, "Modules"):
// workbench → REPL → {LineEditor, WorkbenchScript, Sandbox} → WorkbenchKit (Foundation) → {TerminalImages, GraphQLDocuments};
// WorkbenchScript (the one module that reads Swift with swift-syntax) → {JSONInference → ModelRuntime,
// LineResults, SwiftPackages → ToolProcesses, ResultsLog (the results column's runtime)}.

// libFuzzer's coverage for `make fuzz` only (the Makefile sets WORKBENCH_FUZZ_COVERAGE; without it
// this is empty and no target's flags change). Fuzzing/ is built with AddressSanitizer everywhere but
// coverage only on these modules and the targets (Fuzzing/Package.swift): `-sanitize=fuzzer` on
// every module instrumented swift-syntax, NIO, Hummingbird… too, and libFuzzer's work per input on
// all their counters was much of its time (Fuzzing/README.md). These are the options
// `-sanitize=fuzzer` implies on Linux (a later `-sanitize=` replaces an earlier one, so the
// sanitizer itself comes from the command line).
let fuzzCoverage: [SwiftSetting] = Context.environment["WORKBENCH_FUZZ_COVERAGE"] == nil ? [] : [
    .unsafeFlags([
        "-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table",
        "-Xllvm", "-sanitizer-coverage-stack-depth",
    ]),
]

let package = Package(
    name: "Workbench",
    products: [
        .library(name: "WorkbenchKit", targets: ["WorkbenchKit"]),
        // What Swift typed at the prompt imports when it runs in the Swift host (which loads each
        // input as a shared library linking it, not a static one).
        .library(name: "WorkbenchKitDynamic", type: .dynamic, targets: ["WorkbenchKit"]),
        // What an input with the results column (`--results`, `set results on`) links: the functions
        // the playground transform calls.
        .library(name: "ResultsLog", type: .dynamic, targets: ["ResultsLog"]),
        // Snippets can import only targets in a product: this lets them start the sandbox in-process.
        .library(name: "Sandbox", targets: ["Sandbox"]),
        // For Benchmarks/ and Fuzzing/ (separate packages): the micro-benchmarks time the prompt's decoder,
        // and libFuzzer targets run it, the model parser and the interpreter.
        .library(name: "WorkbenchScript", targets: ["WorkbenchScript"]),
        .library(name: "ModelRuntime", targets: ["ModelRuntime"]),
        // For Benchmarks/: figure 18 times a JPEG decoded and drawn.
        .library(name: "TerminalImages", targets: ["TerminalImages"]),
        // For Fuzzing/ (a separate package): a libFuzzer target runs whole input lines through a Session.
        .library(name: "REPL", targets: ["REPL"]),
        // What a snippet that loads an OpenAPI document imports (`wb.spec(…)`); Benchmarks/ times it.
        .library(name: "WorkbenchSpec", targets: ["WorkbenchSpec"]),
        .executable(name: "workbench", targets: ["workbench"]),
        // The Swift host: the long-lived process that Swift typed at the prompt is loaded into.
        .executable(name: "workbench-host", targets: ["WorkbenchHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        // Without the default ConfigurationSupport trait: the sandbox reads no swift-configuration
        // settings, and that package (plus its own dependencies) was a part of every fresh build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: ["FullFoundation"]),
        // OpenAPI documents are read as swift-openapi-generator reads them. The default trait
        // (loading external references with Swift Concurrency) is left out: `spec` resolves only
        // same-document references, and the trait makes the build notably slower.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Child processes (the compiler's jobs, SwiftPM, git). Its one trait, SubprocessFoundation
        // (Data as input and output), is left out: nothing here needs it.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
        // FileDescriptor for the Swift host's pipes; built already for swift-nio and swift-subprocess.
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // The sandbox's connections (its WebSocket upgrade, Sources/Sandbox/Server/SandboxChannel.swift):
        // NIO and Hummingbird's channel, both built already for Hummingbird.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The sandbox's responder speaks Hummingbird's request and response types.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "LineEditor", dependencies: ["CLibEdit"], swiftSettings: fuzzCoverage),
        // Images decoded (PNG, JPEG, GIF) and drawn in a terminal: half blocks, kitty, iTerm2, sixels.
        .target(name: "TerminalImages", swiftSettings: fuzzCoverage),
        // GraphQL's query language read (lexer, parser, the tree with its places), a schema in
        // introspection's shape, and what can come next in a query being typed.
        .target(name: "GraphQLDocuments", swiftSettings: fuzzCoverage),
        // A GraphQL server's half: queries validated and executed against a schema declared as data
        // with a resolver per field, introspection included (the sandbox's countries API).
        .target(name: "GraphQLExecution", dependencies: ["GraphQLDocuments"], swiftSettings: fuzzCoverage),
        .target(name: "WorkbenchKit", dependencies: ["TerminalImages", "GraphQLDocuments"], swiftSettings: fuzzCoverage),
        // The results column's runtime: compiled without the playground transform, imported by the
        // programs compiled with it (and read back by WorkbenchScript through `ResultRecord`). Swift 5
        // mode: it sets the standard library's `_playgroundPrintHook`, a global Swift 6 will not let it touch.
        .target(name: "ResultsLog", swiftSettings: [.swiftLanguageMode(.v5)] + fuzzCoverage),
        // JSON decoded into declared Codable models as JSONDecoder decodes it (values printed as `print` does).
        .target(name: "ModelRuntime", dependencies: ["WorkbenchKit"], swiftSettings: fuzzCoverage),
        // `infer`: Codable declarations for a JSON document.
        .target(name: "JSONInference", dependencies: ["ModelRuntime", "WorkbenchKit"], swiftSettings: fuzzCoverage),
        // The results column: each line's values, laid out beside the input.
        .target(name: "LineResults", dependencies: ["WorkbenchKit"], swiftSettings: fuzzCoverage),
        // The toolchain's programs run as child processes the session owns (each in a group of its own).
        .target(
            name: "ToolProcesses",
            dependencies: [.product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: fuzzCoverage
        ),
        // The Swift packages an input imports (`package add`), built with SwiftPM into the library the host links.
        .target(
            name: "SwiftPackages",
            dependencies: ["WorkbenchKit", "ToolProcesses", .product(name: "Subprocess", package: "swift-subprocess")],
            swiftSettings: fuzzCoverage
        ),
        .target(
            name: "WorkbenchScript",
            dependencies: [
                "WorkbenchKit", "ModelRuntime", "JSONInference", "LineResults", "ToolProcesses", "SwiftPackages", "ResultsLog",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: fuzzCoverage
        ),
        // A replay's CI reports: the run's cases, written as JUnit XML and as TAP (`replay --junit`, `--tap`).
        .target(name: "ReplayReports", swiftSettings: fuzzCoverage),
        // OpenAPI documents: their operations, servers, checks on requests and responses, and the
        // Codable declarations their schemas stand for (as Swift text; the REPL declares them).
        .target(
            name: "WorkbenchSpec",
            dependencies: [
                "WorkbenchKit",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: fuzzCoverage
        ),
        // GitHub's CommonMark parser (Debian's libcmark-gfm-dev), for a playground's `//:` markup.
        // No pkgConfig: Debian's libcmark-gfm.pc also links libcmark-gfm-extensions, which that
        // package does not install (the module map links libcmark-gfm; the header is in /usr/include).
        .systemLibrary(name: "CMarkGFM", providers: [.apt(["libcmark-gfm-dev"])]),
        // Xcode playground bundles: reading their pages, Sources and Resources, rendering their
        // markup for the terminal, and writing a session back as one (docs/playgrounds.md).
        .target(name: "Playgrounds", dependencies: ["CMarkGFM"], swiftSettings: fuzzCoverage),
        // The system zlib, for the sandbox's gzip responses.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Sandbox",
            dependencies: [
                "CZlib", "WorkbenchKit", "GraphQLDocuments", "GraphQLExecution", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Data")],
            swiftSettings: fuzzCoverage
        ),
        .target(
            name: "REPL",
            dependencies: [
                "LineEditor", "WorkbenchKit", "ModelRuntime", "LineResults", "ToolProcesses", "SwiftPackages", "WorkbenchScript", "WorkbenchSpec", "Sandbox", "Playgrounds", "ReplayReports",
                "TerminalImages", "GraphQLDocuments",
            ],
            swiftSettings: fuzzCoverage
        ),
        // The Swift host (C: only C can catch a trap and go on); each input links WorkbenchKitDynamic.
        // Its symbols are exported: its libcurl functions come before libcurl's, for the session's
        // own URLSessions (offline mode, history, replay's wait: Sources/WorkbenchHost/curl.c).
        .executableTarget(name: "WorkbenchHost", linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // libcurl's functions for the executable, loading libcurl on first use (CurlOnDemand.c);
        // `make build` then drops libcurl from the release binary's load-time libraries.
        .target(name: "CurlOnDemand"),
        // Linked by the toolchain's lld, its relative relocations packed (RELR) and its own symbols
        // not exported (the static runtime's link arguments export them): the tables the dynamic
        // loader reads once at start-up were 6.4 MiB of the REPL's resident memory. RELR needs
        // glibc 2.36 or later to run (Debian 12 has 2.36).
        // ZeroMQ and OpenSSL's HMAC for the Jupyter kernel, loaded when `workbench kernel` starts
        // (its header declares what the kernel calls; libzmq3-dev's zmq.h checks it).
        .target(name: "KernelLibraries"),
        // Workbench as a Jupyter kernel: the messaging protocol over ZeroMQ, a cell run as prompt input.
        .target(name: "JupyterKernel", dependencies: ["REPL", "LineEditor", "WorkbenchKit", "WorkbenchScript", "KernelLibraries"], swiftSettings: fuzzCoverage),
        .executableTarget(
            name: "workbench",
            dependencies: ["REPL", "Sandbox", "CurlOnDemand", "JupyterKernel", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-Xlinker", "--no-export-dynamic"])]
        ),

        // Shared by the test targets: running the built programs (pipes, a pseudo-terminal, swiftc).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A sandbox on port 0, apart so that targets that do not need it do not build Hummingbird.
        .target(name: "SandboxTestSupport", dependencies: ["Sandbox"], path: "Tests/SandboxTestSupport"),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "TestSupport"]),
        .testTarget(name: "CurlOnDemandTests", dependencies: ["CurlOnDemand"]),
        .testTarget(name: "WorkbenchKitTests", dependencies: ["WorkbenchKit", "TestSupport", "SandboxTestSupport", "GraphQLDocuments"]),
        .testTarget(name: "ReplayReportsTests", dependencies: ["ReplayReports"]),
        // Fixtures/ holds small images and the pixels Pillow decodes them to, made by the scripts there.
        .testTarget(name: "TerminalImagesTests", dependencies: ["TerminalImages"], exclude: ["Fixtures"]),
        // Fixtures/ holds what graphql-core (Python's port of graphql-js) says of each query, and its script.
        .testTarget(name: "GraphQLDocumentsTests", dependencies: ["GraphQLDocuments", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GraphQLExecutionTests", dependencies: ["GraphQLExecution", "GraphQLDocuments"]),
        .testTarget(name: "ModelRuntimeTests", dependencies: ["ModelRuntime", "TestSupport"]),
        .testTarget(name: "JSONInferenceTests", dependencies: ["JSONInference", "ModelRuntime", "WorkbenchKit"]),
        .testTarget(name: "ToolProcessesTests", dependencies: ["ToolProcesses"]),
        .testTarget(name: "SwiftPackagesTests", dependencies: ["SwiftPackages"]),
        .testTarget(name: "LineResultsTests", dependencies: ["LineResults", "ResultsLog", "WorkbenchKit"]),
        .testTarget(
            name: "WorkbenchScriptTests",
            dependencies: [
                "WorkbenchScript", "ModelRuntime", "LineResults", "ToolProcesses", "SwiftPackages", "WorkbenchKit", "TestSupport", "SandboxTestSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            // Writes UnresolvedNameCases+Expected.swift from swiftc's diagnostics.
            exclude: ["generate-unresolved-names.py"]
        ),
        // Fixtures/ holds real published documents (Fixtures/SOURCES.md); PetstoreModels.swift is what
        // `spec models` writes for the Petstore, generated by the script beside it.
        .testTarget(
            name: "WorkbenchSpecTests", dependencies: ["WorkbenchSpec", "WorkbenchScript", "WorkbenchKit", "TestSupport"],
            exclude: ["generate-petstore-models.sh"], resources: [.copy("Fixtures")]
        ),
        // Clients/ drives the kernel with jupyter_client and nbclient (a virtual environment `make test`
        // makes); Notebooks/ holds the tutorials' notebooks they run.
        .testTarget(name: "JupyterKernelTests", dependencies: ["JupyterKernel", "KernelLibraries", "TestSupport"],
                    exclude: ["Clients", "Notebooks"]),
        .testTarget(name: "PlaygroundsTests", dependencies: ["Playgrounds", "TestSupport"]),
        // GraphQL/Fixtures/ holds the countries API's queries and Graphiti's answers (scripts/graphql-reference/).
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "SandboxTestSupport", "CZlib", "TerminalImages", "GraphQLExecution", "GraphQLDocuments"],
                    exclude: ["GraphQL/Fixtures"]),
        .testTarget(
            name: "REPLTests",
            dependencies: [
                "REPL", "LineEditor", "WorkbenchKit", "LineResults", "SwiftPackages", "WorkbenchScript", "TestSupport", "SandboxTestSupport",
                "TerminalImages",
            ]
        ),
        // SwiftForms/ holds the forms table, its generator and the harness its programs compile with;
        // ResultsColumn/ the snippet the results column's tests replay.
        // Tutorials/ the classic tutorials' code and what it prints compiled (its generate.py).
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "SandboxTestSupport", "CZlib"], exclude: ["SwiftForms", "ResultsColumn", "Tutorials", "Playgrounds", "CIReports", "ModelRedeclaration", "Packages"]),
    ],
    // Snippets/ compile in Swift 5 mode, the mode replay runs them in and tutorials are written in
    // (docs/swift.md, "From a tutorial"); the package's own targets stay in Swift 6 (below).
    swiftLanguageModes: [.v5]
)

// Every Swift target of the package is Swift 6 (ResultsLog, Swift 5 on purpose, says so itself): the
// package's default mode above is the snippets'.
for target in package.targets where target.type != .system && !["ResultsLog", "WorkbenchHost", "CurlOnDemand", "KernelLibraries"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [SwiftSetting.swiftLanguageMode(.v6)]
}
