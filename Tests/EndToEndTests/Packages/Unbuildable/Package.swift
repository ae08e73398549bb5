// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Unbuildable",
    products: [.library(name: "Unbuildable", targets: ["Unbuildable"])],
    targets: [.target(name: "Unbuildable")]
)
