import Foundation
import LineEditor
import TestSupport
import Testing

@Suite struct HistoryStoreTests {
    @Test func entriesSurviveASaveAndLoad() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("state/workbench/history")
        let entries = ["help", "query q=two words", "header X:\ttabbed", "json {\"name\": \"café ☕️\"}",
                       "struct P {\n  let a: Int\n}"]
        let store = HistoryStore(file: file)
        entries.forEach(store.add)
        try store.save()

        #expect(HistoryStore(file: file).entries == entries)
    }

    @Test func fileIsPrivate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("history")
        let store = HistoryStore(file: file)
        store.add("header Authorization: ***")
        try store.save()

        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(leftovers == ["history"])
    }

    @Test func consecutiveDuplicatesAreDropped() {
        let store = HistoryStore(file: nil)
        ["help", "help", "quit", "help"].forEach(store.add)
        #expect(store.entries == ["help", "quit", "help"])
    }

    @Test func historyIsCapped() {
        let store = HistoryStore(file: nil)
        for index in 0..<(Int(HistoryStore.capacity) + 50) { store.add("line \(index)") }
        #expect(store.entries.count == Int(HistoryStore.capacity))
        #expect(store.entries.first == "line 50")
    }

    @Test func locationFollowsXDGThenHome() {
        #expect(HistoryStore.defaultLocation(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
            == "/s/workbench/history")
        #expect(HistoryStore.defaultLocation(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.path
            == "/h/.local/state/workbench/history")
        #expect(HistoryStore.defaultLocation(environment: [:]) == nil)
    }
}
