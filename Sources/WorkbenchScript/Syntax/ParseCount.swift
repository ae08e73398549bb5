internal import SwiftParser
internal import SwiftSyntax
import Synchronization

/// The parses swift-syntax made for the task that counts them (a test's, `ParseCount.$current`):
/// an input is parsed by the reader that decides it is whole, once per line read, and that tree is
/// handed on, not parsed again. Every parse in Workbench goes through `SwiftParse` or
/// `GuardedParse`, which note it here.
public final class ParseCount: Sendable {
    @TaskLocal public static var current: ParseCount?
    private let count = Atomic(0)

    public init() {}

    public var value: Int { count.load(ordering: .relaxed) }

    /// One parse, for the counting task (on the thread that asked, before the parse leaves it).
    static func note() {
        current?.count.add(1, ordering: .relaxed)
    }
}

/// swift-syntax's parser for Swift Workbench wrote or read back itself (a step's source, an
/// export's program), where the guards of `GuardedParse` are not needed; counted (`ParseCount`).
enum SwiftParse {
    static func file(_ source: String) -> SourceFileSyntax {
        ParseCount.note()
        return Parser.parse(source: source)
    }
}
