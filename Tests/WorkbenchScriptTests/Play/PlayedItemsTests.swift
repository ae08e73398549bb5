import LineResults
import SwiftParser
import Testing
@testable import WorkbenchScript

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
        for (index, item) in SwiftFile(parsing: text).items.enumerated() { played.append(item, stepsBefore: index) }
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
        let items = SwiftFile(parsing: saved).items
        #expect(Self.played(Self.file).restart(for: items) == from)
    }

    /// The column of the items that ran follows them when lines are added above them, and a
    /// stale column is found by an item's text wherever it now is.
    @Test func resultsFollowTheirItemsToTheLinesTheyAreOnNow() {
        var played = PlayedItems()
        let items = SwiftFile(parsing: "let a = 1\nfor i in 1...2 {\n    print(i)\n}").items
        played.append(items[0], stepsBefore: 0, results: [LineResult(kind: .value, line: 1, column: 5, name: "a", text: "1")])
        played.append(items[1], stepsBefore: 1, results: [LineResult(kind: .printed, line: 2, column: 5, name: "", text: "1\n")])
        #expect(played.fileResults(firstLines: [1, 2]).map(\.line) == [1, 3])
        // Two comment lines added at the top: the same items, two lines down.
        #expect(played.fileResults(firstLines: [3, 4]).map(\.line) == [3, 5])
        let moved = SwiftFile(parsing: "// two\n// lines\nlet a = 1\nfor i in 1...2 {\n    print(i)\n}").items
        #expect(played.earlierResults(of: moved[1], at: 4).map(\.line) == [5])
        #expect(played.earlierResults(of: SwiftFile(parsing: "let a = 2").items[0], at: 1).isEmpty)
        // Cut off by a run that was then dropped (the file saved again): still there to show as stale.
        played.keepFirst(1)
        #expect(played.earlierResults(of: moved[1], at: 4).map(\.line) == [5])
    }

    /// A statement that runs again never finds a `var` above it changed by the statement it
    /// replaces: the run starts at the `var`, as compiled Swift gives it its first value.
    @Test(arguments: [
        // Below the loop that changed `total`: from the change.
        ("let f = 2", "let f = 3", 2),
        // The loop itself changed: from `var total = 0`, which it had changed.
        ("for i in 1...3 { total += i }", "for i in 1...4 { total += i }", 0),
        // A method call may mutate: from `var list`.
        ("list.append(2)", "list.append(5)", 4),
    ])
    func aRunStartsAtAVarThatAStatementRunAgainHadChanged(old: String, new: String, from: Int) {
        let file = "var total = 0\nfor i in 1...3 { total += i }\nlet f = 2\nprint(total * f)\nvar list = [1]\nlist.append(2)\nprint(list)"
        let saved = SwiftFile(parsing: file.replacingOccurrences(of: old, with: new)).items
        #expect(Self.played(file).restart(for: saved) == from)
    }

    /// A `let` of a class declared in the file changes through its methods and properties as a
    /// `var` does; a `let` of anything else is left alone (`posts.filter` does not restart at `posts`).
    @Test(arguments: [
        ("counter.add(2)", "counter.add(5)", 1),
        ("counter.count = 3", "counter.count = 4", 1),
        ("let n = posts.filter { $0 > 1 }.count", "let n = posts.filter { $0 > 2 }.count", 5),
    ])
    func aRunStartsAtALetOfAClassThatAStatementRunAgainHadChanged(old: String, new: String, from: Int) {
        let file = """
            final class Counter { var count = 0; func add(_ n: Int) { count += n } }
            let counter = Counter()
            counter.add(2)
            counter.count = 3
            let posts = [1, 2, 3]
            let n = posts.filter { $0 > 1 }.count
            """
        let saved = SwiftFile(parsing: file.replacingOccurrences(of: old, with: new)).items
        #expect(Self.played(file).restart(for: saved) == from)
    }

    @Test(arguments: [
        ("total += 1", ["total"]), ("p.x = 1", ["p"]), ("a[0] = 2", ["a"]), ("swap(&a, &b)", ["a", "b"]),
        ("list.append(3)", ["list"]), ("if x == 1 { y = 2 }", ["y"]), ("let y = x + 1", []), ("x <= 1", []),
        ("for p in posts { total += p.id }", ["total"]),
    ])
    func theVariablesAStatementMayChange(source: String, names: [String]) {
        #expect(ChangedVariables.changed(by: Parser.parse(source: source)) == Set(names))
    }
}
