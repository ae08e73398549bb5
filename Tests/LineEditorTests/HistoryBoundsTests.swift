import Foundation
import LineEditor
import TestSupport
import Testing

/// The history file stays small whatever is typed: a save appends, a long input is cut, and the
/// file is rewritten with its last entries once it holds twice as many.
@Suite struct HistoryBoundsTests {
    static let cookie = "_HiStOrY_V2_\n"

    func historyFile(in directory: TemporaryDirectory) -> URL {
        directory.url.appendingPathComponent("history")
    }

    func inode(_ file: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int)
    }

    @Test func aLongInputIsKeptAsItsBeginningAndWhatWasLeftOut() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = historyFile(in: directory)
        let pasted = "json [" + String(repeating: "1, ", count: 5 * 1024 * 1024 / 3) + "1]"
        let store = HistoryStore(file: file)
        store.add(pasted)
        try store.save()

        let entry = try #require(HistoryStore(file: file).entries.last)
        #expect(pasted.hasPrefix(entry.prefix(HistoryEntry.keptHead)))
        #expect(entry.hasSuffix(" … (5.0 MB more left out of history)"), "\(entry.suffix(60))")
        #expect(entry.utf8.count < 2 * HistoryEntry.keptHead)
        #expect(try Data(contentsOf: file).count < 8 * HistoryEntry.keptHead)
        #expect(store.entries == [entry])
    }

    @Test func anInputOfTheLimitIsKeptWholeAndOneByteMoreIsCut() {
        let whole = String(repeating: "\u{E9}", count: HistoryEntry.limit / 2)
        #expect(HistoryEntry.bounded(whole) == whole)
        // Two-byte characters: the cut falls between two of them, never inside one.
        let cut = HistoryEntry.bounded(whole + "x")
        #expect(cut == String(repeating: "\u{E9}", count: HistoryEntry.keptHead / 2) + " … (63 KB more left out of history)")
    }

    @Test func aSaveAppendsToTheFileInsteadOfRewritingIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = historyFile(in: directory)
        let store = HistoryStore(file: file)
        store.add("help")
        try store.save()
        let before = try Data(contentsOf: file)
        let identity = try inode(file)

        store.add("query q=two words")
        try store.save()
        let after = try Data(contentsOf: file)
        #expect(try inode(file) == identity, "the file was replaced, not appended to")
        #expect(after.starts(with: before))
        #expect(String(decoding: after.dropFirst(before.count), as: UTF8.self) == "query\\040q=two\\040words\n")
    }

    @Test func theFileIsRewrittenWithTheLastEntriesOnceItHoldsTwiceTheCapacity() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = historyFile(in: directory)
        let capacity = Int(HistoryStore.capacity)
        let store = HistoryStore(file: file)
        store.add("old 0")
        try store.save()
        for index in 1..<(2 * capacity) { store.add("old \(index)") }
        try store.save()
        #expect(try lines(file) == 2 * capacity, "up to twice the capacity, saves only append")

        let identity = try inode(file)
        let other = HistoryStore(file: file)
        other.add("new")
        try other.save()
        #expect(try lines(file) == capacity)
        #expect(try inode(file) != identity)
        let entries = HistoryStore(file: file).entries
        #expect(entries.first == "old \(capacity + 1)")
        #expect(entries.last == "new")
    }

    @Test func anOversizedEntryOfAnOlderVersionIsCutByTheNextSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = historyFile(in: directory)
        let big = String(repeating: "a", count: 200 * 1024)
        try Data((Self.cookie + "help\n" + big + "\n").utf8).write(to: file)
        let store = HistoryStore(file: file)
        let cut = HistoryEntry.bounded(big)
        #expect(store.entries == ["help", cut])
        store.add("quit")
        try store.save()

        #expect(HistoryStore(file: file).entries == ["help", cut, "quit"])
        #expect(try Data(contentsOf: file).count < 4 * HistoryEntry.keptHead)
    }

    @Test func anUnfinishedLastLineLeftByAKilledWriterIsCutOff() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = historyFile(in: directory)
        try Data((Self.cookie + "help\nquery\\040q=tw").utf8).write(to: file)
        let store = HistoryStore(file: file)
        #expect(store.entries == ["help"])
        store.add("quit")
        try store.save()

        #expect(try String(contentsOf: file, encoding: .utf8) == Self.cookie + "help\nquit\n")
    }

    /// Entries in the file, whatever the capacity a load keeps.
    func lines(_ file: URL) throws -> Int {
        try Data(contentsOf: file).filter { $0 == UInt8(ascii: "\n") }.count - 1
    }
}
