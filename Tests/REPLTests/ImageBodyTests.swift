import Foundation
import SandboxTestSupport
import TerminalImages
import TestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// An image body at a terminal: its one line, then the picture drawn below it in the protocol
/// `set images` names; the picture reaches the terminal only, never a copy of the output.
@MainActor
@Suite struct ImageBodyTests {
    let canvas = TerminalCanvas(columns: 60, rows: 30)

    private func terminalSession(_ root: URL) -> (Session, Console) {
        let console = Console(capturingWithColors: true, terminal: true)
        console.canvasOverride = canvas
        console.imageDisplay = .drawn(.blocks)
        let session = Session(console: console, isInteractive: false)
        session.sandboxURL = root
        return (session, console)
    }

    @Test("a PNG and a JPEG are drawn below their line at a terminal, in half blocks fitted to it; a copy keeps the line")
    func drawnBelowTheLine() async throws {
        try await withLiveSandbox { root in
            let (session, console) = terminalSession(root)
            for (path, line) in [("png", "PNG image · 128×96 px"), ("jpeg", "JPEG image · 128×96 px")] {
                console.clearCaptured()
                let copy = console.startCopy()
                #expect(await session.evaluate("get sandbox/httpbin/image/\(path)"))
                let copied = console.endCopy(copy)
                let body = try #require(session.workbench.lastExchange?.response.body)
                let picture = try TerminalPicture.lines(Array(body), graphics: .blocks, canvas: canvas)
                #expect(picture.count == 22)  // 59 columns: 128×96 shrunk to 59×44, two pixel rows a line
                let described = "\(line) · \(ByteSize.text(body.count)) · image/\(path)"
                #expect(console.capturedText.hasSuffix("\n" + described + "\n" + picture.joined(separator: "\n") + "\n"))
                #expect(copied.hasSuffix("\n" + described + "\n"), "the copy has no picture: \(copied)")
            }
        }
    }

    @Test("a WebP says it is not drawn; `set images off` and a console without colours show the line alone")
    func notDrawn() async throws {
        try await withLiveSandbox { root in
            let (session, console) = terminalSession(root)
            #expect(await session.evaluate("get sandbox/httpbin/image/webp"))
            let webp = try #require(session.workbench.lastExchange?.response.body)
            #expect(console.capturedText.hasSuffix("\nWebP image · 128×96 px · \(ByteSize.text(webp.count)) · image/webp · not drawn: WebP is not drawn\n"))
            #expect(await session.evaluate("set images off"))
            #expect(session.console.imageDisplay == .line)
            console.clearCaptured()
            #expect(await session.evaluate("get sandbox/httpbin/image/png"))
            let png = try #require(session.workbench.lastExchange?.response.body)
            #expect(console.capturedText.hasSuffix("\nPNG image · 128×96 px · \(ByteSize.text(png.count)) · image/png\n"))
            #expect(await session.evaluate("set images blocks"))
            console.colors = false
            console.clearCaptured()
            #expect(await session.evaluate("body"))
            #expect(console.capturedText == "PNG image · 128×96 px · \(ByteSize.text(png.count)) · image/png\n")
        }
    }

    @Test("a picture compiled Swift draws (show image) reaches the terminal, and a copy of the output keeps only its line")
    func compiledPictureIsTransient() async throws {
        try await withLiveSandbox { root in
            let (session, console) = terminalSession(root)
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("TerminalImagesTests/Fixtures/rgba8.png").path
            // A function's value is the Swift host's alone: `show image` of it runs there.
            #expect(await session.evaluate("func picture() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: \"\(file)\")) }"))
            console.clearCaptured()
            let copy = console.startCopy()
            #expect(await session.evaluate("show image try picture()"))
            let copied = console.endCopy(copy)
            #expect(copied.hasSuffix("PNG image · 20×16 px · 378 B\n") && !copied.contains("▀") && !copied.contains("\u{1B}]7770"), "\(copied)")
            #expect(console.capturedText.contains("PNG image · 20×16 px · 378 B\n") && console.capturedText.contains("▀"), "\(console.capturedText)")
            #expect(!console.capturedText.contains("\u{1B}]7770"), "the host's marks are read, not shown")
        }
    }

    @Test("`set images auto` asks the terminal once, when the first picture is drawn, and again after it is set again")
    func detectedOnce() async throws {
        try await withLiveSandbox { root in
            let (session, console) = terminalSession(root)
            let asked = Counter()
            console.graphicsDetector = { asked.add(); return .sixel }
            #expect(await session.evaluate("set images auto"))
            #expect(asked.value == 0)
            #expect(await session.evaluate("get sandbox/httpbin/image/png"))
            #expect(await session.evaluate("body"))
            #expect(asked.value == 1)
            #expect(console.capturedText.contains("\u{1B}P0;1;0q\"1;1;128;96"))
            console.clearCaptured()
            #expect(await session.evaluate("set"))
            let listed = console.capturedText.split(separator: "\n").first { $0.hasPrefix("images ") }
            #expect(listed?.split(separator: " ") == ["images", "sixel"], "\(console.capturedText)")
            #expect(await session.evaluate("set images auto"))
            #expect(await session.evaluate("body"))
            #expect(asked.value == 2)
            #expect(await session.evaluate("set images kittens") == false)
        }
    }
}

/// How many times a closure ran, from whichever thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
