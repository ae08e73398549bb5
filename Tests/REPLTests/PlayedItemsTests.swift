@testable import REPL
import SwiftParser
import SwiftSyntax
import Testing

/// Where a save of a played file runs from: the first changed item, or the first statement above it
/// that uses a declaration below that changed (compiled Swift declares it before any statement runs).
@Suite struct PlayedItemsTests {
    static let file = """
        let p = Point(x: 1, y: 2)
        let q = 5
        print(p.sum(), q)
        struct Point { let x: Int; let y: Int; func sum() -> Int { x + y } }
        func double(_ n: Int) -> Int { n * 2 }
        """

    static func played(_ text: String) -> PlayedItems {
        var played = PlayedItems()
        for (index, item) in Parser.parse(source: text).statements.enumerated() { played.append(item, stepsBefore: index) }
        return played
    }

    @Test(arguments: [
        // A statement changed: from it.
        (Self.file.replacingOccurrences(of: "let q = 5", with: "let q = 6"), 1),
        // A declaration below changed: from the first statement that uses it.
        (Self.file.replacingOccurrences(of: "x + y", with: "x * y"), 0),
        // One that nothing above uses: from itself.
        (Self.file.replacingOccurrences(of: "n * 2", with: "n * 3"), 4),
        // Only comments and spacing: nothing changed (the whole file is the same).
        (Self.file.replacingOccurrences(of: "let q = 5", with: "let q  =  5 // five"), 5),
        // A declaration added below that the print now uses, and the print: from the print.
        (Self.file.replacingOccurrences(of: "print(p.sum(), q)", with: "print(p.sum(), half(q))") + "\nfunc half(_ n: Int) -> Int { n / 2 }", 2),
    ])
    func aSaveRunsFromTheFirstChangeOrTheFirstUseOfAChangedDeclaration(saved: String, from: Int) {
        let items = Array(Parser.parse(source: saved).statements)
        #expect(Self.played(Self.file).restart(for: items) == from)
    }
}
