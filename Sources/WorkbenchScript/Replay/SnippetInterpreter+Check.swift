internal import SwiftSyntax

/// Whether the interpreter can finish an item, asked of the interpreter itself: the item is run
/// with every call that has an effect (a request, `print`, a new `Workbench`, a setting) read but
/// not made, and with the names it binds thrown away after. A construct the interpreter does not
/// take is found there, before anything happened, so the Swift host can run the whole item instead.
extension SnippetInterpreter {
    /// True when running `item` meets nothing the interpreter does not take (it may still fail as
    /// Swift fails: that failure is the item's).
    func canFinish(_ item: CodeBlockItemSyntax, showing: Bool = false) async -> Bool {
        let saved = scopes
        checking = true
        defer {
            checking = false
            scopes = saved
        }
        do {
            if showing {
                _ = try await runCheckedPromptItem(item)
            } else {
                try await execute(item)
            }
            return true
        } catch is UnsupportedConstruct {
            return false
        } catch is NotCovered {
            return false
        } catch {
            return true
        }
    }
}

/// The `error` a `catch` block sees while its item is checked.
struct CheckedError: Error, CustomStringConvertible {
    var description: String { "error" }
}
