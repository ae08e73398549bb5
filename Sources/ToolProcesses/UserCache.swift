import Foundation

/// Workbench's folder in the user's cache (`$XDG_CACHE_HOME/workbench`, else `~/.cache/workbench`):
/// what outlives a session and depends only on the toolchain and what was asked, package builds
/// (`PackageBuild`) and the compiler driver's plans (`CompilePlanCache`).
package enum UserCache {
    /// The folder `name` in it.
    package static func folder(_ name: String, environment: [String: String]) -> URL {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return URL(fileURLWithPath: base).appendingPathComponent("workbench/\(name)")
    }

    /// The toolchain something is kept for: `swift`'s (or `swiftc`'s) real path and when its
    /// frontend was installed.
    package static func toolchainIdentity(_ swift: String) -> String {
        let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        let frontend = real.deletingLastPathComponent().appendingPathComponent("swift-frontend").path
        let modified = (try? FileManager.default.attributesOfItem(atPath: frontend)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(real.path) \(Int(modified))"
    }

    /// A file name for `text` (FNV-1a, in hex): the same in every session.
    package static func name(for text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
