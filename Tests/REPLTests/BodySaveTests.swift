import Foundation
import SandboxTestSupport
import TestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `body --save FILE`: the last response's body written to a file byte for byte, a step of the
/// session like any other, and one line for each way it can fail.
@MainActor
@Suite struct BodySaveTests {
    let console = Console(capturingWithColors: false)

    @Test func anImageIsWrittenAsReceivedAndTheStepIsSaved() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            #expect(await session.evaluate("get sandbox/httpbin/image/png"))
            let body = try #require(session.workbench.lastExchange?.response.body)
            // The sandbox's picture (128×96) is shown as what it is, not as bytes.
            #expect(console.capturedText.hasSuffix("\nPNG image · 128×96 px · \(ByteSize.text(body.count)) · image/png\n"), "\(console.capturedText)")
            let path = folder.url.appendingPathComponent("pixel.png").path
            console.clearCaptured()
            #expect(await session.evaluate("body --save \(path)"))
            #expect(console.capturedText == "wrote \(ByteSize.text(body.count)) (image/png) to \(path)\n")
            #expect(FileManager.default.contents(atPath: path) == body)
            #expect(session.editableSteps.last == "try wb.saveBody(to: \(SwiftLiteral.string(path, interpolating: nil)))")
            // Written again, it replaces the file.
            #expect(await session.evaluate("get sandbox/httpbin/json"))
            #expect(await session.evaluate("body --save=\(path)"))
            #expect(FileManager.default.contents(atPath: path) == session.workbench.lastExchange?.response.body)
        }
    }

    @Test(arguments: [
        ("body --save", "error: --save needs a value (FILE), as in `body --save photo.jpg`\n"),
        ("body --raw --save x.png", "error: --save writes the body as received and goes alone: body --save FILE\n"),
        ("body --save a.png b.png", "error: --save writes the body as received and goes alone: body --save FILE\n"),
        ("body --save x.png", "error: no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)\n"),
    ])
    func aSaveThatCannotRunSaysWhyInOneLine(input: String, error: String) async {
        let session = Session(console: console, isInteractive: false)
        #expect(await !session.evaluate(input))
        #expect(console.capturedText == error)
    }

    @Test func aFileThatCannotBeWrittenSaysWhy() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            #expect(await session.evaluate("get sandbox/httpbin/bytes/16"))
            let missing = folder.url.appendingPathComponent("nowhere/x.bin").path
            console.clearCaptured()
            #expect(await !session.evaluate("body --save \(missing)"))
            #expect(console.capturedText == "error: cannot write '\(missing)': no folder '\(folder.url.appendingPathComponent("nowhere").path)'\n")
            console.clearCaptured()
            #expect(await !session.evaluate("body --save \(folder.url.path)"))
            #expect(console.capturedText == "error: cannot write '\(folder.url.path)': it is a folder\n")
        }
    }
}
