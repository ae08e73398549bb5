import Foundation
import TestSupport
import Testing

/// Image bodies at a real terminal: the terminal is asked how it draws (a kitty graphics query,
/// then its device attributes), and the picture comes in what it answered; a terminal that does
/// not answer gets half blocks after the wait. Piped, an image is its one line.
@Suite struct ImageTerminalTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TerminalImagesTests/Fixtures/\(name)").path
    }

    /// The prompt's end, in colour.
    static let prompt = ">\u{1B}[0m "
    /// The prompt after `base sandbox/httpbin`, bracketed paste on, in colour.
    static let httpbinPrompt: String = "\u{1B}[?2004h\u{1B}[36mwb httpbin" + prompt
    /// A picture's last line (its colours reset), then that prompt.
    static let afterAPicture: String = "\u{1B}[0m\r\n" + httpbinPrompt
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    @Test("the terminal's answer chooses sixels or kitty's protocol, asked again after `set images auto`")
    func theTerminalIsAsked() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // Colours on (no NO_COLOR): pictures are drawn only where colours are. The answers below
        // are typed as soon as the query is seen, which a busy machine can make late: a long wait.
        let terminal = try PseudoTerminal(executable: try Binaries.workbench,
                                          environment: isolatedEnvironment(home: home.url, extra: ["WORKBENCH_TERMINAL_WAIT": "30"]))
        try await terminal.waitForPrompt(Self.prompt)
        var mark = terminal.mark
        terminal.type("get sandbox/httpbin/image/png\r")
        try await terminal.waitFor(Self.query, after: mark)
        terminal.type("\u{1B}[?62;4;22c")  // xterm's answer with sixel graphics (attribute 4)
        var shown = try await terminal.waitForPrompt(Self.prompt, after: mark)
        #expect(shown.contains("PNG image · 128×96 px · "))
        #expect(shown.contains("\u{1B}P0;1;0q\"1;1;128;96#0;2;"), "sixels of the picture's own size")

        mark = terminal.mark
        terminal.type("set images auto\r")
        try await terminal.waitForPrompt(Self.prompt, after: mark)
        mark = terminal.mark
        terminal.type("body\r")
        try await terminal.waitFor(Self.query, after: mark)
        terminal.type("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")  // kitty's: the query's OK first
        shown = try await terminal.waitForPrompt(Self.prompt, after: mark)
        // The terminal gives no cell size in pixels here: 10 a cell is assumed, so 128 pixels take 13 columns.
        #expect(shown.contains("\u{1B}_Ga=T,q=2,f=24,s=128,v=96,c=13,m=1;"))

        mark = terminal.mark
        terminal.type("set images off\r")
        try await terminal.waitForPrompt(Self.prompt, after: mark)
        mark = terminal.mark
        terminal.type("body\r")
        shown = try await terminal.waitForPrompt(Self.prompt, after: mark)
        #expect(shown.contains("PNG image · 128×96 px · ") && !shown.contains("▀") && !shown.contains(Self.query))
        terminal.type("history\r")
        shown = try await terminal.waitForPrompt(Self.prompt, after: mark)
        #expect(!shown.contains("62;"), "no answer was taken for typed input")

        // Compiled Swift's requests (the Swift host's `wb`) draw as the prompt's do.
        mark = terminal.mark
        terminal.type("set images blocks\r")
        try await terminal.waitForPrompt(Self.prompt, after: mark)
        mark = terminal.mark
        terminal.type("func fetchPicture() async throws { try await wb.get(\"/image/png\") }\r")
        // The prompt that follows the line, not one drawn again while it was typed.
        try await terminal.waitFor("defined fetchPicture\r\n" + Self.httpbinPrompt, after: mark, timeout: .seconds(120))
        try await terminal.waitForRawMode()
        mark = terminal.mark
        terminal.type("try await fetchPicture()\r")
        try await terminal.waitFor("PNG image · 128×96 px · ", after: mark, timeout: .seconds(120))
        shown = try await terminal.waitFor(Self.afterAPicture, after: mark)
        try await terminal.waitForRawMode()
        #expect(shown.components(separatedBy: "▀").count > 1000, "\(shown)")

        // `show image DATA` draws the image a Data value holds.
        mark = terminal.mark
        terminal.type("show image try Data(contentsOf: URL(fileURLWithPath: \"\(Self.fixture("gradient-420.jpg"))\"))\r")
        try await terminal.waitFor("JPEG image · 24×24 px · ", after: mark, timeout: .seconds(120))
        shown = try await terminal.waitFor(Self.afterAPicture, after: mark)
        try await terminal.waitForRawMode()
        // 24 columns of 12 lines of half blocks (typed, so that the macro's comparison checks fast).
        let halfBlocks: Int = 24 * 12
        #expect(shown.components(separatedBy: "▀").count == halfBlocks + 1, "24 columns of 12 lines: \(shown)")
        terminal.type("quit\r")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("a terminal that does not answer gets half blocks after the wait, which WORKBENCH_TERMINAL_WAIT sets")
    func noAnswer() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try PseudoTerminal(executable: try Binaries.workbench,
                                          environment: isolatedEnvironment(home: home.url, extra: ["WORKBENCH_TERMINAL_WAIT": "0.5"]))
        try await terminal.waitForPrompt(Self.prompt)
        let mark = terminal.mark
        terminal.type("get sandbox/httpbin/image/png\r")
        try await terminal.waitFor(Self.query, after: mark)
        let shown = try await terminal.waitFor(Self.afterAPicture, after: mark)
        #expect(shown.components(separatedBy: "▀").count > 1000, "the 99-column terminal draws 99×74 pixels: 37 lines of ▀")
        terminal.type("quit\r")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("piped, an image body is its one line, and the terminal is not asked")
    func pipedIsOneLine() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let run = try await PipedRun.run(try Binaries.workbench, input: "get sandbox/httpbin/image/jpeg\n",
                                         environment: isolatedEnvironment(home: home.url))
        #expect(run.status == 0)
        let line = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.hasPrefix("JPEG image · 128×96 px · ") && line.hasSuffix(" KB · image/jpeg"), "\(run.output)")
        #expect(!run.output.contains("\u{1B}"))
        let shown = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: """
            let picture = try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixture("rgba8.png"))"))
            show image picture
            show image Data([1, 2, 3])
            save shown --dir \(home.url.path)

            """, environment: isolatedEnvironment(home: home.url))
        #expect(shown.output.contains("\nPNG image · 20×16 px · 378 B\n"), "\(shown.output)")
        #expect(shown.output.contains("\nerror: not an image: 3 B that are not PNG, JPEG, GIF or WebP"), "\(shown.output)")
        let saved = try String(contentsOfFile: home.url.path + "/shown.swift", encoding: .utf8)
        #expect(saved.contains("\ntry wb.showImage(picture)\n"), "\(saved)")
    }
}
