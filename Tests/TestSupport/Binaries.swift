import Foundation

/// Paths of the package's built programs, found beside the running test bundle.
public enum Binaries {
    /// The `workbench` executable of this build (`swift build` builds it before `swift test`).
    public static var workbench: String {
        get throws {
            let path = buildDirectory.appendingPathComponent("workbench").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw MissingBinary(path: path)
            }
            return path
        }
    }

    static var buildDirectory: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test bundle may sit inside `X.xctest/` or be the binary itself.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    public struct MissingBinary: Error, CustomStringConvertible {
        let path: String
        public var description: String { "\(path) is missing: run `swift build` before `swift test` (make test does)" }
    }
}

/// A private temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
