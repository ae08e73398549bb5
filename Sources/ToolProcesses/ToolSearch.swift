import Foundation

/// Where the toolchain's programs are: `swift` (or `WORKBENCH_SWIFT`), and any other by name on the `PATH`.
package enum ToolSearch {
    /// The `swift` program: `WORKBENCH_SWIFT` when it is set, else the first on the `PATH`.
    package static func swift(environment: [String: String]) -> String? {
        let files = FileManager.default
        if let chosen = environment["WORKBENCH_SWIFT"], !chosen.isEmpty {
            return files.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        return executable(named: "swift", environment: environment)
    }

    /// The program `name` on the environment's `PATH`.
    package static func executable(named name: String, environment: [String: String]) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
