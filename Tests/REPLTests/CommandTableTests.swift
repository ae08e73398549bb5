@testable import REPL
import Testing

@Suite struct CommandTableTests {
    let table = CommandTable.standard

    @Test func findsCommandsByNameAndAlias() {
        #expect(table.command(named: "help")?.name == "help")
        #expect(table.command(named: "exit")?.name == "quit")
        #expect(table.command(named: "nope") == nil)
    }

    @Test(arguments: [("hlep", "help"), ("halp", "help"), ("qit", "quit"), ("exi", "exit"), ("hel", "help")])
    func suggestsTheClosestName(typed: String, expected: String) {
        #expect(table.suggestion(for: typed) == expected)
    }

    @Test func suggestsNothingForAnUnrelatedWord() {
        #expect(table.suggestion(for: "xylophone") == nil)
    }

    @Test func everyCommandHasHelpWithAnExample() {
        for command in table.commands {
            #expect(!command.summary.isEmpty, "\(command.name)")
            #expect(command.synopsis.hasPrefix(command.name), "\(command.name)")
            #expect(command.help.contains("wb>"), "\(command.name) help has no example")
        }
    }

    @Test func namesAreUnique() {
        #expect(Set(table.names).count == table.names.count)
    }
}

@Suite struct EditDistanceTests {
    @Test(arguments: [("", "", 0), ("a", "", 1), ("kitten", "sitting", 3), ("help", "hlep", 1), ("ab", "ba", 1), ("quit", "quit", 0)])
    func distance(a: String, b: String, expected: Int) {
        #expect(EditDistance.between(a, b) == expected)
    }
}
