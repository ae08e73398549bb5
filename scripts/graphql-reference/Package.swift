// swift-tools-version:6.1
import PackageDescription

// The reference for the sandbox's countries GraphQL API: the same schema declared with Graphiti
// (GraphQLSwift), answering from the sandbox's own data files (linked into Sources/CountriesReference),
// run over the query tables of Tests/SandboxTests/GraphQL/Fixtures by make_expected.sh. Not part of
// the project's build: Graphiti would add most of a minute to a first build.
let package = Package(
    name: "CountriesReference",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/GraphQLSwift/Graphiti", exact: "3.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "CountriesReference",
            dependencies: [.product(name: "Graphiti", package: "Graphiti")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
