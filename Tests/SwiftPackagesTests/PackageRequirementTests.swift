@testable import SwiftPackages
import Testing

/// `package add`'s words, what they are written back as (the list, a snippet's header, a
/// manifest), and what a failed `import` suggests; building is PackageTests' (EndToEndTests).
@Suite struct PackageRequirementTests {
    func parsed(_ line: String) throws(PackageError) -> PackageRequirement {
        try PackageRequirement(words: line.split(separator: " ").map(String.init), currentDirectory: "/work")
    }

    @Test func aURLAloneTakesTheLatestReleaseAndEveryLibrary() throws {
        let requirement = try parsed("https://github.com/apple/swift-algorithms")
        #expect(requirement.versions == nil)
        #expect(requirement.products.isEmpty)
        #expect(requirement.identity == "swift-algorithms")
        // Typed without its scheme, as a request's URL may be.
        #expect(try parsed("github.com/apple/swift-algorithms").location == "https://github.com/apple/swift-algorithms")
        #expect(try parsed("git@github.com:me/tools").location == "git@github.com:me/tools")
    }

    @Test(arguments: [
        ("https://github.com/apple/swift-algorithms from 1.2.1", PackageRequirement.Versions.from("1.2.1"), [String]()),
        ("https://github.com/OpenCombine/OpenCombine.git exact 0.14.0 products OpenCombine OpenCombineFoundation",
         .exact("0.14.0"), ["OpenCombine", "OpenCombineFoundation"]),
        ("git@github.com:me/tools branch main product Tools", .branch("main"), ["Tools"]),
    ])
    func versionsAndProducts(_ line: String, _ versions: PackageRequirement.Versions, _ products: [String]) throws {
        let requirement = try parsed(line)
        #expect(requirement.versions == versions)
        #expect(requirement.products == products)
        // Written back, it reads as the same requirement (`package`'s list, a snippet's header).
        #expect(try parsed(requirement.commandLine) == requirement)
    }

    @Test func aFolderIsMadeAbsoluteAndBuiltAsItIs() throws {
        let requirement = try parsed("./Libraries/Greeting/")
        #expect(requirement.location == "/work/Libraries/Greeting")
        #expect(requirement.versions == .local)
        #expect(requirement.identity == "greeting")
        #expect(requirement.dependencyLine == ".package(path: \"/work/Libraries/Greeting\")")
    }

    @Test(arguments: [
        ("", "which package?"),
        ("algorithms", "is not a package's URL or folder"),
        ("https://github.com/apple/swift-algorithms from", "`from` needs a version"),
        ("https://github.com/apple/swift-algorithms from 1.2", "'1.2' is not a version"),
        ("https://github.com/apple/swift-algorithms from 1.2.1 exact 1.2.1", "one of from, exact or branch, once"),
        ("https://github.com/apple/swift-algorithms products", "`products` needs at least one product name"),
        ("https://github.com/apple/swift-algorithms latest", "unexpected 'latest'"),
        ("./Greeting from 1.0.0", "a folder is built as it is"),
    ])
    func mistakesAreOneLine(_ line: String, _ message: String) {
        #expect(throws: PackageError.self) { try parsed(line) }
        do throws(PackageError) {
            _ = try parsed(line)
        } catch {
            #expect(error.description.contains(message), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func theManifestDependsOnEveryChosenProductByIdentity() throws {
        var algorithms = try parsed("https://github.com/apple/swift-algorithms from 1.2.1")
        algorithms.products = ["Algorithms"]
        let set = PackageSet([algorithms, try parsed("https://github.com/OpenCombine/OpenCombine.git exact 0.14.0 products OpenCombine")])
        #expect(set.manifest.contains(".package(url: \"https://github.com/apple/swift-algorithms\", from: \"1.2.1\"),"))
        #expect(set.manifest.contains(".package(url: \"https://github.com/OpenCombine/OpenCombine.git\", exact: \"0.14.0\"),"))
        #expect(set.manifest.contains(".product(name: \"Algorithms\", package: \"swift-algorithms\"),"))
        #expect(set.manifest.contains(".product(name: \"OpenCombine\", package: \"opencombine\"),"))
        #expect(set.manifest.contains(".library(name: \"WorkbenchPackages\", type: .dynamic, targets: [\"WorkbenchPackages\"])"))
        // The cache key is the set's and the toolchain's: the same set, the same folder.
        #expect(set.cacheKey(toolchain: "a") == PackageSet(set.requirements).cacheKey(toolchain: "a"))
        #expect(set.cacheKey(toolchain: "a") != set.cacheKey(toolchain: "b"))
        #expect(set.cacheKey(toolchain: "a") != PackageSet([algorithms]).cacheKey(toolchain: "a"))
    }

    @Test func addingAgainReplacesAndRemovingTakesOut() throws {
        let set = PackageSet([try parsed("https://github.com/apple/swift-algorithms from 1.2.1")])
        let again = set.adding(try parsed("https://github.com/apple/swift-algorithms.git exact 1.2.0"))
        #expect(again.requirements.count == 1)
        #expect(again.requirements.first?.versions == .exact("1.2.0"))
        #expect(set.removing("swift-algorithms")?.isEmpty == true)
        #expect(set.removing("https://github.com/apple/swift-algorithms")?.isEmpty == true)
        #expect(set.removing("swift-collections") == nil)
    }

    @Test func searchFlagsAreWhatFindsTheModules() {
        let arguments = ["/opt/swift/usr/bin/swiftc", "-module-name", "WorkbenchPackages", "-I", "/c/.build/debug/Modules",
                         "-Xcc", "-fmodule-map-file=/c/.build/checkouts/swift-numerics/Sources/_NumericsShims/include/module.modulemap",
                         "-Xcc", "-I", "-Xcc", "/c/.build/checkouts/swift-numerics/Sources/_NumericsShims/include",
                         "-Xcc", "-I/c/x", "-Xcc", "-DDEBUG", "-DSWIFT_PACKAGE", "-g", "-o", "/c/out.o"]
        #expect(BuildSteps.searchFlags(in: arguments) == [
            "-I", "/c/.build/debug/Modules",
            "-Xcc", "-fmodule-map-file=/c/.build/checkouts/swift-numerics/Sources/_NumericsShims/include/module.modulemap",
            "-Xcc", "-I", "-Xcc", "/c/.build/checkouts/swift-numerics/Sources/_NumericsShims/include",
            "-Xcc", "-I/c/x",
        ])
    }

    @Test func aMissingModuleNamesThePackageThatHasIt() {
        #expect(PackageSuggestion.hint(forMissing: "Algorithms", added: nil)
            == "(Algorithms is in swift-algorithms: `package add https://github.com/apple/swift-algorithms`, then `import Algorithms`)")
        #expect(PackageSuggestion.hint(forMissing: "Combine", added: nil)
            == "(Combine is Apple's and not on Linux; OpenCombine has its API: `package add https://github.com/OpenCombine/OpenCombine`, then `import OpenCombine`)")
        #expect(PackageSuggestion.hint(forMissing: "NoSuchThing", added: nil) == nil)
    }
}
