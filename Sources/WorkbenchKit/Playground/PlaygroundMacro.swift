import Foundation

/// What a `#Playground` block of a Swift file runs as here. Xcode's Playgrounds module, whose macro
/// makes each block's body a closure on the main actor that may await and throw, is not on Linux:
/// Workbench writes `#Playground("Name")` as a call of one of these functions with the block's own
/// trailing closure, on the same lines (PlaygroundBlock, in WorkbenchScript). A line names each
/// block before it runs, as replay names a playground's pages.
@MainActor
public enum PlaygroundMacro {
    /// The titles of the blocks that threw since the file began, for `endOfFile`.
    private static var thrown: [String] = []

    /// A block run on its own (`replay --step`, `page NAME`): what it throws is the input's error.
    public static func runAlone(_ number: Int, of count: Int, name: String?,
                                _ body: @MainActor () async throws -> Void) async throws {
        showHeader(number, of: count, name: name)
        try await body()
    }

    /// A block of a file run whole: each block is a page of its own, so what one throws is its one
    /// line and the next block runs; `endOfFile()` then fails the run. Ctrl-C stops the file.
    public static func runInFile(_ number: Int, of count: Int, name: String?,
                                 _ body: @MainActor () async throws -> Void) async throws {
        if number == 1 { thrown = [] }
        showHeader(number, of: count, name: name)
        do {
            try await body()
        } catch {
            if HostInterrupt.isPending { throw error }
            console.failure("error: " + HostRuntime.thrownText(error).oneLine)
            thrown.append(title(number, name: name))
        }
    }

    /// After the file's last line: throws when a block threw, naming the blocks. Async, so the
    /// call awaits it whether the file's code runs on the main actor or not.
    public static func endOfFile() async throws {
        defer { thrown = [] }
        guard !thrown.isEmpty else { return }
        throw BlocksThrew(titles: thrown)
    }

    /// `━━ Playground 2 of 3: Fetch ━━`; an unnamed block is known by its number.
    static func header(_ number: Int, of count: Int, name: String?) -> String {
        "━━ Playground \(number) of \(count)\(name.map { ": \($0)" } ?? "") ━━"
    }

    private static func title(_ number: Int, name: String?) -> String {
        name ?? String(number)
    }

    private static func showHeader(_ number: Int, of count: Int, name: String?) {
        let console = self.console
        // What the file printed so far comes first (`print` writes through stdio's buffer).
        console.flush()
        console.line(console.styled(header(number, of: count, name: name), .bold))
        console.flush()
    }

    /// The host's console (with the session's colours), or standard output where there is no host.
    private static var console: Console {
        HostRuntime.workbench?.console ?? .standard
    }

    /// Why a file whose blocks threw failed, after each block's own line.
    struct BlocksThrew: Error, CustomStringConvertible {
        let titles: [String]

        var description: String {
            let quoted = titles.map { "'\($0)'" }.joined(separator: ", ")
            return titles.count == 1 ? "playground \(quoted) threw" : "playgrounds \(quoted) threw"
        }
    }
}
