import Testing
import WorkbenchScript

/// Which playground pages need Xcode, and why, in one line each; Xcode's template (`import UIKit`
/// and Foundation code) runs here.
@Suite struct LinuxLacksTests {
    @Test(arguments: [
        ("import UIKit\nvar greeting = \"Hello, playground\"\nlet url = URL(string: \"https://example.com\")!\n", nil),
        ("import Cocoa\nlet s = NSString(string: \"a\")\nlet r = NSRegularExpression.self\n", nil),
        ("import SwiftUI\nstruct V: View { var body: some View { Text(\"hi\") } }\n", "it uses View, and SwiftUI is not on Linux"),
        // SwiftUI imported and not used: Foundation stands in, as for UIKit; the page's own names are its own.
        ("import SwiftUI\nlet total = [1, 2].reduce(0, +)\nprint(total)\n", nil),
        ("import SwiftUI\nstruct Section { let title: String }\nprint(Section(title: \"a\"))\n", nil),
        ("import SwiftUI\nlet tint = UIColor.red\n", "it uses UIColor, and UIKit is not on Linux"),
        ("import UIKit\nlet color = UIColor.red\n", "it uses UIColor, and UIKit is not on Linux"),
        ("import AppKit\nlet view = NSView()\n", "it uses NSView, and AppKit is not on Linux"),
        ("import PlaygroundSupport\nPlaygroundPage.current.liveView = nil\n", "it shows a live view (PlaygroundPage.current.liveView)"),
        ("import Combine\nlet subject = PassthroughSubject<Int, Never>()\n", "it imports Combine, which is not on Linux"),
        // Without UIKit imported, a `UI…` name is the page's own.
        ("struct UIState { var on = false }\nlet state = UIState()\n", nil),
    ] as [(String, String?)])
    func reason(_ source: String, _ expected: String?) throws {
        let script = try SnippetScript(source: source, fileName: "Page.swift", moduleName: "main")
        #expect(LinuxLacks.reason(for: script) == expected)
    }
}
