import Foundation
import TestSupport
import Testing

/// An earlier input never breaks later ones: the Swift host
/// catches up on the fast path's steps with the models they saw, at a terminal as a user types.
@Suite(.serialized) struct CatchUpTerminalTests {
    /// The fix `struct Inner` makes `decode Outer` succeed on the fast path; the host's `Outer`
    /// follows it, so the next compiled input runs.
    @Test func aRedeclaredInnerModelDoesNotPoisonLaterInputs() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            let start = terminal.mark
            for line in [#"json {"a": {"x": null}}"#, "struct Inner: Codable { let x: String }", "struct Outer: Codable { let a: Inner }",
                         "struct Inner: Codable { let x: String? }"] {
                let mark = terminal.mark
                terminal.type(line + "\r")
                try await terminal.waitForPrompt("> ", after: mark)
            }
            var mark = terminal.mark
            terminal.type("let o = decode Outer\r")
            try await terminal.waitForPrompt("> ", after: mark)
            mark = terminal.mark
            terminal.type("[1,2,3].map { $0 * 2 }\r")
            try await terminal.waitFor("[2, 4, 6]", after: mark)
            mark = terminal.mark
            terminal.type("[o].map { $0.a.x ?? \"none\" }\r")
            let typed = try await terminal.waitFor("[\"none\"]", after: start)
            #expect(!typed.contains("error:"), "\(typed)")
        }
    }

    /// A quicktype file pasted with a wrong model, then the one model fixed and pasted again:
    /// `decode` succeeds, and so does every compiled input after it.
    @Test func aFixedQuicktypePasteRecoversTheSession() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            let start = terminal.mark
            let paste = [#"json [{"name": {"common": "Peru", "official": "Republic of Peru"}, "cca2": "PE", "capital": ["Lima"]}]"#,
                         "typealias Countries = [Country]",
                         "struct Country: Codable { let name: Name; let cca2: String; let capital: [String] }",
                         "struct Name: Codable { let common: String; let official: String; let nativeName: String }",
                         "let wrong = 1 + 1",
                         "[wrong].map { $0 * 2 }",
                         "struct Name: Codable { let common: String; let official: String }",
                         "let countries = decode Countries"]
            for line in paste {
                let mark = terminal.mark
                terminal.type(line + "\r")
                try await terminal.waitForPrompt("> ", after: mark)
            }
            let mark = terminal.mark
            terminal.type("countries.map { $0.name.common + \"/\" + $0.cca2 }\r")
            try await terminal.waitFor("[\"Peru/PE\"]", after: mark)
            let typed = try await terminal.waitFor("[\"Peru/PE\"]", after: start)
            // The wrong paste's own `decode` is never tried; nothing fails.
            #expect(!typed.contains("error:"), "\(typed)")
        }
    }
}
