import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Why a playground page needs Xcode, when it does: it imports a framework Linux does not have
/// (SpriteKit, Combine…), shows a live view, or names UIKit's, AppKit's or SwiftUI's own types. A
/// page that only imports UIKit or SwiftUI (Xcode's templates) and uses Foundation runs, as at the
/// prompt, with the one line that says Foundation stands in (SessionImport.appleOnlyNote).
public enum LinuxLacks {
    /// Frameworks with nothing in Foundation to stand in for them, which a page imports to use.
    static let frameworks: Set<String> = [
        "SpriteKit", "SceneKit", "GameplayKit", "ARKit", "RealityKit", "MapKit", "Charts", "WebKit",
        "AVFoundation", "AVKit", "CoreImage", "CoreML", "CreateML", "Vision", "QuartzCore", "CoreGraphics",
        "CoreLocation", "Combine", "PlaygroundBluetooth", "PencilKit", "PhotosUI", "Photos",
    ]

    public static func reason(for script: SnippetScript) -> String? {
        let tree = SwiftParse.file(script.text)
        var imported: [String] = []
        for item in tree.statements {
            if let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text { imported.append(module) }
        }
        if let framework = imported.first(where: frameworks.contains) {
            return "it imports \(framework), which is not on Linux"
        }
        // SwiftUI brings UIKit or AppKit with it.
        let swiftUI = imported.contains("SwiftUI")
        let appKit = imported.contains("AppKit") || imported.contains("Cocoa") || swiftUI
        let uiKit = imported.contains("UIKit") || swiftUI
        // A page's own `Section` or `UIState` is none of theirs.
        let own = Self.declaredNames(in: tree)
        var liveView = false
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, token.ancestorOrSelf(mapping: { $0.as(ImportDeclSyntax.self) }) == nil else { continue }
            if name == "liveView" || name == "setLiveView" { liveView = true }
            if own.contains(name) { continue }
            if uiKit, Self.isUIKitType(name) { return "it uses \(name), and UIKit is not on Linux" }
            if appKit, Self.isAppKitType(name) { return "it uses \(name), and AppKit is not on Linux" }
            if swiftUI, SessionImport.swiftUINames.contains(name) { return "it uses \(name), and SwiftUI is not on Linux" }
        }
        return liveView ? "it shows a live view (PlaygroundPage.current.liveView)" : nil
    }

    /// The names the page's top-level declarations and bindings give.
    static func declaredNames(in tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        for item in tree.statements {
            guard let declaration = item.item.as(DeclSyntax.self) else { continue }
            if let named = declaration.asProtocol(NamedDeclSyntax.self) { names.insert(named.name.text) }
            if let variable = declaration.as(VariableDeclSyntax.self) {
                for binding in variable.bindings { names.formUnion(binding.pattern.tokens(viewMode: .sourceAccurate).map(\.text)) }
            }
        }
        return names
    }

    /// `UIColor`, `UIView`: UIKit's prefix; Foundation has no such names.
    static func isUIKitType(_ name: String) -> Bool {
        name.count > 2 && name.hasPrefix("UI") && name.dropFirst(2).first?.isUppercase == true
    }

    /// `NSColor`, `NSView`: an `NS` class that Foundation on Linux does not have (NSString and its
    /// kin are there).
    static func isAppKitType(_ name: String) -> Bool {
        guard name.count > 2, name.hasPrefix("NS"), name.dropFirst(2).first?.isUppercase == true else { return false }
        return NSClassFromString(name) == nil && !foundationValueTypes.contains(name)
    }

    /// Foundation's `NS` names that are not classes.
    static let foundationValueTypes: Set<String> = [
        "NSRange", "NSNotFound", "NSMakeRange", "NSZeroRange", "NSComparisonResult", "NSStringFromClass", "NSClassFromString",
        "NSLocalizedString", "NSFastEnumeration", "NSCopying", "NSMutableCopying", "NSCoding", "NSSecureCoding",
        "NSObjectProtocol", "NSEqualRanges", "NSIntersectionRange", "NSUnionRange", "NSMaxRange", "NSLocationInRange",
        "NSErrorDomain", "NSURLErrorDomain", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "NSDecimal", "NSEdgeInsets",
        "NSPoint", "NSSize", "NSRect", "NSZeroPoint", "NSZeroSize", "NSZeroRect", "NSMakePoint", "NSMakeSize", "NSMakeRect",
        "NSUnderlyingErrorKey", "NSLocalizedDescriptionKey", "NSFilePathErrorKey", "NSURLErrorKey", "NSDebugDescriptionErrorKey",
    ]
}
