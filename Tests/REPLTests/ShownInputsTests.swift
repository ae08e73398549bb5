import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// What the exports keep of each input: inputs whose steps `edit` cut go, output is kept within
/// its limits, and a replayed notebook is compared without what differs from run to run.
struct ShownInputsTests {
    static func input(_ typed: String, steps: ClosedRange<Int>, output: String = "") -> ShownInputs.Input {
        ShownInputs.Input(typed: typed, isSwift: true, output: output, cut: false, stepsBefore: steps.lowerBound, stepsAfter: steps.upperBound)
    }

    @Test func anInputWhoseStepsAreCutGoesAndASetUpInputBeforeThemStays() {
        var shown = ShownInputs()
        shown.record(Self.input("get /posts", steps: 0...1))
        shown.record(Self.input("set offline on", steps: 1...1))
        shown.record(Self.input("let a = 1; let b = 2", steps: 1...3))
        shown.record(Self.input("print(a)", steps: 3...4))
        shown.keepFirstSteps(2)
        #expect(shown.inputs.map(\.typed) == ["get /posts", "set offline on"])
    }

    @Test func pastTheirTotalLimitTheOldestOutputsAreLetGo() {
        var shown = ShownInputs()
        let big = String(repeating: "x", count: ShownInputs.totalLimit / 2 + 1)
        for index in 0..<3 { shown.record(Self.input("print(\(index))", steps: index...(index + 1), output: big)) }
        #expect(shown.inputs.map(\.output.isEmpty) == [true, true, false])
        #expect(shown.inputs.map(\.cut) == [true, true, false])
    }

    @Test func aRedrawnLineKeepsItsLastDrawingAndStylesGo() {
        #expect(ShownInputs.shown("\r⠋ 306 ms\u{1B}[K\r⠙ 386 ms\u{1B}[K\r\u{1B}[2KHTTP 200 OK\nbody\n", cut: false) == "HTTP 200 OK\nbody\n")
        #expect(ShownInputs.shown("a\nb\nhalf", cut: true) == "a\nb\n")
    }

    @Test func aCopyCutAtItsLimitDoesNotSplitACharacter() {
        let console = Console(capturingWithColors: false)
        let copy = console.startCopy(limit: 5)
        console.write("abcdé€")
        #expect(console.endCopy(copy) == "abcd")
        #expect(copy.copyWasCut)
    }

    @Test func aReplayComparesWithoutDurationsOrTheSandboxsPort() {
        #expect(NotebookReplay.comparable("HTTP 200 OK · application/json · 2 B · <1 ms\n\"Host\": \"127.0.0.1:41371\"\n")
                == NotebookReplay.comparable("HTTP 200 OK · application/json · 2 B · 13 ms\n\"Host\": \"127.0.0.1:39001\"\n"))
        #expect(NotebookReplay.comparable("200 OK · 1.2 s · offline") == "200 OK · N ms · offline")
        // A playground's resource under the process's scratch folder, an object's address.
        #expect(NotebookReplay.comparable("/tmp/workbench-7124/main-bundle/config.json\n<URLSessionDataTask: 0x00005589d998b4f0>")
                == NotebookReplay.comparable("/tmp/workbench-8134/main-bundle/config.json\n<URLSessionDataTask: 0x0000559f354376c0>"))
    }

    @Test func playgroundMarkupAloneIsProse() {
        #expect(ShownInputs.prose(in: "//: # Posts") == "# Posts")
        #expect(ShownInputs.prose(in: "/*: And then\n a block */") == "And then\na block")
        #expect(ShownInputs.prose(in: "// a comment") == nil)
        #expect(ShownInputs.prose(in: "/*: a note */ let a = 1") == nil)
        #expect(ShownInputs.prose(in: "let a = 1 //: not prose") == nil)
        #expect(ShownInputs.prose(in: "//:") == "")
    }

    @Test func consecutiveProseIsOneMarkdownCellOrParagraph() throws {
        let inputs = [Self.input("//: # Posts", steps: 0...0), Self.input("//:", steps: 0...0), Self.input("//: First *one* post.", steps: 0...0),
                      Self.input("let a = 1", steps: 0...1, output: "a: Int\n1\n"), Self.input("//: Then more.", steps: 1...1)]
        let data = HandoutDocuments.notebook(name: "n", description: nil, inputs: inputs, offline: false)
        let notebook = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cells = try #require(notebook["cells"] as? [[String: Any]])
        #expect(cells.map { $0["cell_type"] as? String } == ["markdown", "markdown", "code", "markdown"])
        #expect(cells.map { ($0["source"] as? [String])?.joined() } == ["# n", "# Posts\n\nFirst *one* post.", "let a = 1", "Then more."])
        #expect(cells.map { $0["execution_count"] as? Int } == [nil, nil, 1, nil])
        // A `/*: */` block is prose of its own, not a line of the paragraph before it.
        let blocks = [Self.input("//: One.", steps: 0...0), Self.input("/*: Two. */", steps: 0...0)]
        let split = try #require(try JSONSerialization.jsonObject(with: HandoutDocuments.notebook(name: "n", description: nil, inputs: blocks, offline: false))
            as? [String: Any])["cells"] as? [[String: Any]]
        #expect(split?.map { ($0["source"] as? [String])?.joined() } == ["# n", "One.", "Two."])
        #expect(HandoutDocuments.markdown(name: "n", description: nil, inputs: blocks, offline: false) == "# n\n\nOne.\n\nTwo.\n")
        let handout = HandoutDocuments.markdown(name: "n", description: nil, inputs: inputs, offline: false)
        #expect(handout == "# n\n\n# Posts\n\nFirst *one* post.\n\n```swift\nlet a = 1\n```\n\n```\na: Int\n1\n```\n\nThen more.\n")
    }
}
