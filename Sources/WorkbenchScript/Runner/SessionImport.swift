import SwiftSyntax

/// What an `import` typed at the prompt or written in a snippet does here. Every compiled input
/// already imports Foundation (with FoundationNetworking) and WorkbenchKit; the rest is decided
/// once, at the input that typed it, so an import that fails never reaches a later input
/// (docs/swift.md, "From a tutorial").
enum SessionImport: Equatable {
    /// A module every input has (Foundation, Dispatch, WorkbenchKit…), or one a snippet's program
    /// brings itself (Sandbox, WorkbenchSpec): nothing to do.
    case alreadyThere
    /// UIKit, AppKit, Cocoa, SwiftUI: not on Linux. Xcode's playground templates start with one of
    /// them, and the Foundation code after it runs with Foundation.
    case appleOnly(String)
    /// PlaygroundSupport: `PlaygroundPage` is WorkbenchKit's (Sources/WorkbenchKit/Playground/PlaygroundPage.swift).
    case playgroundSupport
    /// Any other module: compiled once to see that it is there, then imported by every later input.
    case module(String)

    static let present: Set<String> = [
        "Foundation", "FoundationNetworking", "FoundationEssentials", "Dispatch", "Swift", "_Concurrency",
        "Glibc", "WorkbenchKit", "Sandbox", "WorkbenchSpec",
    ]
    static let appleOnlyModules: Set<String> = ["UIKit", "AppKit", "Cocoa", "SwiftUI"]

    /// The import an item declares; nil when it is not an import.
    init?(_ item: CodeBlockItemSyntax) {
        guard let declaration = item.item.as(ImportDeclSyntax.self), let module = declaration.path.first?.name.text else { return nil }
        if Self.present.contains(module) {
            self = .alreadyThere
        } else if Self.appleOnlyModules.contains(module) {
            self = .appleOnly(module)
        } else if module == "PlaygroundSupport" {
            self = .playgroundSupport
        } else {
            self = .module(module)
        }
    }

    /// Said the first time a session imports `module` (UIKit and its kin).
    static func appleOnlyNote(_ module: String) -> String {
        "(\(module) is not on Linux: Foundation is imported instead; \(module)'s own types are not)"
    }

    /// Said under a compile error that names something missing, in a session that imported an Apple-only module.
    static func appleOnlyHint(_ modules: [String]) -> String {
        "(\(modules.joined(separator: ", ")) \(modules.count == 1 ? "is" : "are") not on Linux: what is not in Foundation cannot be found here)"
    }
}
