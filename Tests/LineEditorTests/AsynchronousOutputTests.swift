import Foundation
@testable import LineEditor
import Testing

/// Output from other threads while a line is read: queued in order and announced on the wake-up
/// pipe, and the row the cursor is on when the prompt and the line wrap (the redraw above the
/// prompt itself needs a terminal; it was checked by hand in tmux).
@Suite struct AsynchronousOutputTests {
    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    @Test func outputWhileReadingIsQueuedInOrderAndWakesTheReader() async {
        let output = AsynchronousOutput(wakesReader: true)
        output.startReading()
        #expect(!isReadable(output.wakeDescriptor))
        output.write("first\n")
        #expect(isReadable(output.wakeDescriptor))
        await Task.detached { output.write(Array("second".utf8)) }.value
        #expect(output.takeQueued() == Array("first\nsecond".utf8))
        #expect(!isReadable(output.wakeDescriptor))
        #expect(output.takeQueued().isEmpty)
        output.stopReading()
    }

    @Test func withoutATerminalNothingWaits() {
        let output = AsynchronousOutput(wakesReader: false)
        #expect(output.wakeDescriptor == -1)
        output.startReading()
        output.write([])
        #expect(output.takeQueued().isEmpty)
    }

    struct Layout: Sendable, CustomTestStringConvertible {
        let prompt: String
        let beforeCursor: String
        let width: Int
        let row: Int
        var testDescription: String { "\(prompt.debugDescription) + \(beforeCursor.debugDescription) in \(width)" }
    }

    static let layouts: [Layout] = [
        Layout(prompt: "wb> ", beforeCursor: "", width: 80, row: 0),
        Layout(prompt: "wb> ", beforeCursor: String(repeating: "x", count: 75), width: 80, row: 0),
        // A full row puts the cursor at the start of the next one.
        Layout(prompt: "wb> ", beforeCursor: String(repeating: "x", count: 76), width: 80, row: 1),
        Layout(prompt: "wb> ", beforeCursor: String(repeating: "x", count: 200), width: 80, row: 2),
        // Escape codes between \u{1} delimiters take no room.
        Layout(prompt: "\u{1}\u{1B}[1;32m\u{1}wb>\u{1}\u{1B}[0m\u{1} ", beforeCursor: String(repeating: "x", count: 75), width: 80, row: 0),
        // A tab goes to the next multiple of 8: 4 + 4 + 8 * 9 = 80.
        Layout(prompt: "wb> ", beforeCursor: "abc\t" + String(repeating: "\t", count: 9), width: 80, row: 1),
        // A control character shows as ^X.
        Layout(prompt: "wb> ", beforeCursor: String(repeating: "\u{7}", count: 38), width: 80, row: 1),
        Layout(prompt: "wb> ", beforeCursor: "abc", width: 0, row: 0),
    ]

    @Test(arguments: layouts) func cursorRow(_ layout: Layout) {
        #expect(PromptLayout.cursorRow(prompt: layout.prompt, beforeCursor: layout.beforeCursor, width: layout.width) == layout.row)
    }
}
