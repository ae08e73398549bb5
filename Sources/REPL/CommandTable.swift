import Synchronization

/// The commands the prompt knows, looked up by name or alias.
public struct CommandTable: Sendable {
    public let commands: [any Command]
    /// How many times an input was looked up (`invocation(of:)`), in a table made `counting()`:
    /// what the test of one lookup per line reads.
    let lookups: LookupCount?

    public init(_ commands: [any Command]) {
        self.commands = commands
        lookups = nil
    }

    private init(_ commands: [any Command], lookups: LookupCount) {
        self.commands = commands
        self.lookups = lookups
    }

    /// The same commands, with a count of its own of the inputs looked up.
    func counting() -> CommandTable { CommandTable(commands, lookups: LookupCount()) }

    /// Every command Workbench has, each group's list in its own file.
    public static let standard = CommandTable(requestCommands + modelCommands + snippetCommands + miscCommands)

    /// The command a line's first word names; HTTP verbs in any case (`GET /get`), as a request
    /// line or curl's `-X` spells them.
    public func command(named name: String) -> (any Command)? {
        if let command = commands.first(where: { $0.name == name || $0.aliases.contains(name) }) { return command }
        let lowered = name.lowercased()
        guard lowered != name, let verb = commands.first(where: { $0.name == lowered }), verb is VerbCommand else { return nil }
        return verb
    }

    /// Names and aliases, for completion.
    public var names: [String] {
        commands.flatMap { [$0.name] + $0.aliases }
    }

    /// The known name closest to a mistyped one, if it is close enough to be a likely typo.
    public func suggestion(for typed: String) -> String? {
        let typed = typed.lowercased()
        if let exact = names.first(where: { $0 == typed }) { return exact }
        if let prefixed = names.filter({ $0.hasPrefix(typed) }).min(by: { $0.count < $1.count }) {
            return prefixed
        }
        // Allow about one slip per three letters, never a completely different word. No name is
        // nearer than their difference in length: a pasted megabyte is not compared letter by letter.
        let length = typed.count
        let allowed = max(1, length / 3)
        let scored = names.filter { abs($0.count - length) <= allowed }.map { (name: $0, distance: EditDistance.between(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= allowed ? best.name : nil
    }
}

/// A count shared by the copies of one table (it is a value), safe from any thread.
final class LookupCount: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
}

/// Edit distance counting a swap of neighbours as one slip (`hlep` is one from `help`),
/// for "did you mean" suggestions.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
