import Foundation
import SwiftParser
import SwiftSyntax
import WorkbenchScript

/// Why a playground page needs Xcode, when it does: it imports a framework Linux does not have
/// (SwiftUI, SpriteKit…), shows a live view, or names UIKit's or AppKit's own types. A page that
/// only starts with `import UIKit` (Xcode's template) and uses Foundation runs, as at the prompt.
enum LinuxLacks {
    /// Frameworks with nothing in Foundation to stand in for them.
    static let frameworks: Set<String> = [
        "SwiftUI", "SpriteKit", "SceneKit", "GameplayKit", "ARKit", "RealityKit", "MapKit", "Charts", "WebKit",
        "AVFoundation", "AVKit", "CoreImage", "CoreML", "CreateML", "Vision", "QuartzCore", "CoreGraphics",
        "CoreLocation", "Combine", "PlaygroundBluetooth", "PencilKit", "PhotosUI", "Photos",
    ]

    static func reason(for script: SnippetScript) -> String? {
        let tree = Parser.parse(source: script.text)
        var imported: [String] = []
        for item in tree.statements {
            if let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text { imported.append(module) }
        }
        if let framework = imported.first(where: frameworks.contains) {
            return "it imports \(framework), which is not on Linux"
        }
        let appKit = imported.contains("AppKit") || imported.contains("Cocoa")
        let uiKit = imported.contains("UIKit")
        var liveView = false
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, token.ancestorOrSelf(mapping: { $0.as(ImportDeclSyntax.self) }) == nil else { continue }
            if name == "liveView" || name == "setLiveView" { liveView = true }
            if uiKit, Self.isUIKitType(name) { return "it uses \(name), and UIKit is not on Linux" }
            if appKit, Self.isAppKitType(name) { return "it uses \(name), and AppKit is not on Linux" }
        }
        return liveView ? "it shows a live view (PlaygroundPage.current.liveView)" : nil
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
