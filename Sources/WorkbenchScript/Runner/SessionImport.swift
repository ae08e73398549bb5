internal import SwiftSyntax

/// What an `import` typed at the prompt or written in a snippet does here. Every compiled input
/// already imports Foundation (with FoundationNetworking) and WorkbenchKit; the rest is decided
/// once, at the input that typed it, so an import that fails never reaches a later input
/// (docs/swift.md, "From a tutorial").
public enum SessionImport: Equatable {
    /// A module every input has (Foundation, Dispatch, WorkbenchKit…), or one a snippet's program
    /// brings itself (Sandbox, WorkbenchSpec): nothing to do.
    case alreadyThere
    /// UIKit, AppKit, Cocoa, SwiftUI: not on Linux. Xcode's playground templates start with one of
    /// them, and the Foundation code after it runs with Foundation.
    case appleOnly(String)
    /// PlaygroundSupport: `PlaygroundPage` is WorkbenchKit's (Sources/WorkbenchKit/Playground/PlaygroundPage.swift).
    /// Playgrounds (Xcode's `#Playground` blocks): a block runs as WorkbenchKit's `PlaygroundMacro`
    /// (Sources/WorkbenchScript/Replay/PlaygroundBlock.swift).
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
        } else if module == "PlaygroundSupport" || module == "Playgrounds" {
            self = .playgroundSupport
        } else {
            self = .module(module)
        }
    }

    /// Said the first time a session imports `module` (UIKit and its kin).
    static func appleOnlyNote(_ module: String) -> String {
        "(\(module) is not on Linux: Foundation is imported instead; \(module)'s own types are not)"
    }

    /// Said under a compile error that names something of an Apple-only module the session imported
    /// (`hintedModules`).
    static func appleOnlyHint(_ modules: [String]) -> String {
        "(\(modules.joined(separator: ", ")) \(modules.count == 1 ? "is" : "are") not on Linux: \(hintEnding)"
    }

    private static let hintEnding = "what is not in Foundation cannot be found here)"

    /// Whether `line` is `appleOnlyHint`'s (a replay's failure line is the error above it).
    static func isAppleOnlyHint(_ line: String) -> Bool {
        line.hasPrefix("(") && line.hasSuffix(" not on Linux: " + hintEnding)
    }

    /// The modules of `imported` (UIKit and its kin) that the compile error `failure` says are
    /// missing here: those that may declare the name it cannot find. Empty for an error about the
    /// user's own names (`value of type 'Post' has no member 'titel'`, `cannot find 'postz' in
    /// scope`): the hint would send them looking in the wrong place.
    static func hintedModules(for failure: String, imported: [String]) -> [String] {
        guard !imported.isEmpty, let name = missingName(in: failure) else { return [] }
        return imported.filter { declares($0, name) }
    }

    /// The name a compile error says is not there: `UIColor` in `cannot find 'UIColor' in scope`,
    /// `UIImage` in `cannot find type 'UIImage' in scope`, `Preview` in `no macro named 'Preview'`
    /// (SwiftUI's `#Preview`); nil for any other error.
    static func missingName(in failure: String) -> String? {
        let forms = [("cannot find type '", "' in scope"), ("cannot find '", "' in scope"), ("no macro named '", "'")]
        for (opening, closing) in forms {
            guard let start = failure.firstRange(of: opening), let end = failure[start.upperBound...].firstRange(of: closing) else { continue }
            let name = failure[start.upperBound..<end.lowerBound]
            return name.isEmpty || name.contains(where: { $0 == "'" || $0.isWhitespace }) ? nil : String(name)
        }
        return nil
    }

    /// Whether `name`, which the compiler did not find with Foundation imported, reads as one of
    /// `module`'s own: UIKit's `UI…`, AppKit's `NS…` (Foundation's own `NS` names are found),
    /// SwiftUI's views, shapes and property wrappers (and UIKit's and AppKit's, which it brings);
    /// for each, the Core Graphics and Core Animation types they bring (`CGColor`, `CALayer`;
    /// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` are Foundation's here).
    static func declares(_ module: String, _ name: String) -> Bool {
        func prefixed(_ prefix: String) -> Bool {
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        }
        if prefixed("CG") || prefixed("CA") { return true }
        switch module {
        case "UIKit": return prefixed("UI")
        case "AppKit", "Cocoa": return prefixed("NS")
        case "SwiftUI": return prefixed("UI") || prefixed("NS") || swiftUINames.contains(name)
        default: return false
        }
    }

    /// SwiftUI's names that tutorials use (and Combine's, which it brings), none of them Foundation's;
    /// a playground page that uses one needs Xcode (`LinuxLacks`).
    public static let swiftUINames: Set<String> = [
        "View", "App", "Scene", "WindowGroup", "Text", "Image", "Color", "Font", "Button", "Label", "Link", "Toggle",
        "TextField", "SecureField", "TextEditor", "Slider", "Stepper", "Picker", "DatePicker", "ColorPicker", "Form",
        "Section", "List", "ForEach", "Group", "GroupBox", "ScrollView", "VStack", "HStack", "ZStack", "LazyVStack",
        "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "GridItem", "Spacer", "Divider", "NavigationView",
        "NavigationStack", "NavigationSplitView", "NavigationLink", "TabView", "ProgressView", "GeometryReader",
        "Canvas", "Shape", "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "Path", "LinearGradient",
        "RadialGradient", "AngularGradient", "Gradient", "AnyView", "EmptyView", "ViewBuilder", "ViewModifier",
        "State", "Binding", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "AppStorage",
        "SceneStorage", "FocusState", "Bindable", "Animation", "withAnimation", "PreviewProvider", "Preview",
        "ObservableObject", "Published", "AnyCancellable", "Alignment", "EdgeInsets", "Edge", "AsyncImage", "Menu",
        "ContentUnavailableView", "ShapeStyle", "Material", "Namespace",
    ]
}
