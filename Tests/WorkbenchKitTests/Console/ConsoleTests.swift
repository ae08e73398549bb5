import Foundation
import Testing
import WorkbenchKit

@Suite struct ConsoleTests {
    @Test func capturesWhatIsWritten() {
        let console = Console(capturingWithColors: false)
        console.write("a")
        console.line("b")
        console.line()
        #expect(console.capturedText == "ab\n\n")
        console.clearCaptured()
        #expect(console.capturedText.isEmpty)
    }

    @Test func stylesOnlyWithColours() {
        #expect(Console(capturingWithColors: false).styled("x", .red) == "x")
        #expect(Console(capturingWithColors: true).styled("x", .red) == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test(arguments: [
        ([String: String](), true),
        (["NO_COLOR": "1"], false),
        (["NO_COLOR": ""], true),
        (["TERM": "dumb"], false),
        (["TERM": "xterm-256color"], true),
    ])
    func environmentDecidesColour(environment: [String: String], allowed: Bool) {
        #expect(Console.environmentAllowsColor(environment) == allowed)
    }

    @Test func aPipeIsNotATerminalAndGetsNoColour() throws {
        let pipe = Pipe()
        let console = Console(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, environment: [:])
        #expect(!console.isTerminal)
        #expect(!console.colors)
        console.line(console.styled("plain", .bold))
        console.flush()
        try pipe.fileHandleForWriting.close()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "plain\n")
    }

    @Test func largeOutputArrivesWhole() throws {
        let pipe = Pipe()
        let console = Console(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, environment: [:])
        let line = String(repeating: "x", count: 999)
        nonisolated(unsafe) var received = Data()
        let readToEnd = DispatchSemaphore(value: 0)
        Thread {
            received = pipe.fileHandleForReading.readDataToEndOfFile()
            readToEnd.signal()
        }.start()
        for _ in 0..<1000 { console.line(line) }
        console.flush()
        try pipe.fileHandleForWriting.close()
        readToEnd.wait()
        #expect(received.count == 1_000_000)
    }

    /// A replay's CI report reads failures from a copy while the user still sees everything.
    @Test func aMirrorGetsACopyOfEverythingWritten() throws {
        let pipe = Pipe()
        let console = Console(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, environment: [:])
        let copy = Console(capturingWithColors: false)
        console.line("before")
        console.mirror = copy
        console.line("error: one")
        console.write(bytes: Array("two\n".utf8))
        console.mirror = nil
        console.line("after")
        console.flush()
        try pipe.fileHandleForWriting.close()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "before\nerror: one\ntwo\nafter\n")
        #expect(copy.capturedText == "error: one\ntwo\n")
    }

    /// A copy started while another is kept (play's screen, one statement's column) sees what is
    /// written until it ends; the one it was started in front of gets everything, and is the mirror again.
    @Test func copiesNestAndTheOuterOneKeepsEverything() {
        let console = Console(capturingWithColors: false)
        let outer = console.startCopy()
        console.line("one")
        let inner = console.startCopy()
        console.line("two")
        #expect(console.endCopy(inner) == "two\n")
        console.line("three")
        #expect(console.mirror === outer)
        #expect(console.endCopy(outer) == "one\ntwo\nthree\n")
        #expect(console.mirror == nil && console.capturedText == "one\ntwo\nthree\n")
    }
}
