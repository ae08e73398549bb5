import Foundation
@testable import SwiftPackages
import Testing
import WorkbenchKit
@testable import REPL
@testable import WorkbenchScript

/// `package`'s completion and mistakes, from a package set as a build leaves it (building is
/// PackageTests', in EndToEndTests).
@MainActor
@Suite struct PackageCommandTests {
    let console = Console(capturingWithColors: false)

    func sessionWithAlgorithms() -> Session {
        let session = Session(console: console, isInteractive: false)
        let requirement = PackageRequirement(location: "https://github.com/apple/swift-algorithms", versions: .from("1.2.1"),
                                             products: ["Algorithms"])
        session.packageLibrary = PackageLibrary(directory: "/cache/x/.build/debug", searchFlags: [], packages: [
            PackageLibrary.BuiltPackage(requirement: requirement, resolved: "1.2.1", libraryProducts: ["Algorithms", "AlgorithmsExtras"],
                                        modules: ["Algorithms"]),
        ])
        return session
    }

    @Test func completionOffersWhatWasResolved() {
        let session = sessionWithAlgorithms()
        let command = PackageCommand()
        #expect(command.complete([""], session: session) == ["add", "remove"])
        #expect(command.complete(["remove", ""], session: session) == ["swift-algorithms"])
        #expect(command.complete(["add", ""], session: session).contains("https://github.com/OpenCombine/OpenCombine"))
        let url = "https://github.com/apple/swift-algorithms"
        #expect(command.complete(["add", url, ""], session: session) == ["from", "exact", "branch", "products"])
        #expect(command.complete(["add", url, "from", ""], session: session) == ["1.2.1"])
        #expect(command.complete(["add", url, "products", ""], session: session) == ["Algorithms", "AlgorithmsExtras"])
        #expect(command.complete(["add", url, "products", "Algorithms", ""], session: session) == ["AlgorithmsExtras"])
    }

    @Test func listingAndMistakes() async {
        let empty = Session(console: console, isInteractive: false)
        #expect(await empty.evaluate("package"))
        #expect(console.capturedText.contains("no packages: `package add URL` adds one (`help package`)"))
        console.clearCaptured()
        #expect(await !empty.evaluate("package remove swift-algorithms"))
        #expect(console.capturedText.contains("error: no package 'swift-algorithms' in this session"), "\(console.capturedText)")
        console.clearCaptured()
        #expect(await !empty.evaluate("package frobnicate"))
        #expect(console.capturedText.contains("unknown `package frobnicate`"), "\(console.capturedText)")
        console.clearCaptured()
        #expect(await !empty.evaluate("package struct S { let a: Int }"))
        #expect(console.capturedText.contains("`package struct` is Swift's package access level"), "\(console.capturedText)")
        console.clearCaptured()
        let session = sessionWithAlgorithms()
        #expect(await session.evaluate("package"))
        #expect(console.capturedText.contains("swift-algorithms  1.2.1  import Algorithms"), "\(console.capturedText)")
        #expect(console.capturedText.contains("    package add https://github.com/apple/swift-algorithms from 1.2.1 products Algorithms"))
    }
}
