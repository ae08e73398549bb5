import Foundation
import LineEditor
import TestSupport
import Testing

/// Several sessions sharing one history file: each save merges, none overwrites another.
@Suite struct HistoryMergeTests {
    @Test func twoSessionsOpenAtOnceKeepBothInputs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let first = HistoryStore(file: file), second = HistoryStore(file: file)
        first.add("help aaa")
        second.add("help bbb")
        try first.save()
        try second.save()

        #expect(HistoryStore(file: file).entries == ["help aaa", "help bbb"])
    }

    @Test func inputsFollowTheOrderOfSavesAndEachSessionKeepsItsOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let first = HistoryStore(file: file), second = HistoryStore(file: file)
        first.add("a1")
        try first.save()
        second.add("b1")
        second.add("b2")
        try second.save()
        first.add("a2")
        try first.save()

        #expect(HistoryStore(file: file).entries == ["a1", "b1", "b2", "a2"])
        // A session's own recall list is its own inputs (and what the file held when it started).
        #expect(first.entries == ["a1", "a2"])
    }

    @Test func aDuplicateOfTheLastEntryInTheFileIsDropped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let first = HistoryStore(file: file), second = HistoryStore(file: file)
        first.add("help")
        try first.save()
        second.add("help")
        second.add("quit")
        try second.save()

        #expect(HistoryStore(file: file).entries == ["help", "quit"])
    }

    @Test func theMergedFileKeepsTheLastThousand() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let earlier = HistoryStore(file: file)
        for index in 0..<990 { earlier.add("old \(index)") }
        try earlier.save()
        let later = HistoryStore(file: file)
        for index in 0..<20 { later.add("new \(index)") }
        try later.save()

        let entries = HistoryStore(file: file).entries
        #expect(entries.count == Int(HistoryStore.capacity))
        #expect(entries.first == "old 10")
        #expect(entries.suffix(20) == ArraySlice((0..<20).map { "new \($0)" }))
    }

    @Test func aSessionWithNothingNewWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        try HistoryStore(file: file).save()
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func savesFromManyThreadsAtOnceLoseNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let sessions = 8, inputs = 25
        // Each session opens the file separately, so the flock between them is as between processes.
        DispatchQueue.concurrentPerform(iterations: sessions) { session in
            let store = HistoryStore(file: file)
            for input in 0..<inputs {
                store.add("session \(session) input \(input)")
                try? store.save()
            }
        }

        let entries = HistoryStore(file: file).entries
        #expect(entries.count == sessions * inputs)
        for session in 0..<sessions {
            let own = entries.filter { $0.hasPrefix("session \(session) ") }
            #expect(own == (0..<inputs).map { "session \(session) input \($0)" })
        }
    }

    @Test func temporaryFilesOfAKilledWriterAreRemovedOnTheNextSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let leftover = directory.url.appendingPathComponent(".history.4242.abc.tmp")
        try Data("_HiStOrY_V2_\nhalf".utf8).write(to: leftover)
        let store = HistoryStore(file: file)
        store.add("help")
        try store.save()

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["history"])
    }
}
