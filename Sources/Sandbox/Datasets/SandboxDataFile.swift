import Foundation

/// Reads the datasets carried in the package's `Data` resource folder.
enum SandboxDataFile {
    /// The folder holding the datasets: `$WORKBENCH_SANDBOX_DATA`, else the resource bundle beside the program.
    ///
    /// SwiftPM's `Bundle.module` stops the program when its bundle is missing (a binary copied without it);
    /// looking for the bundle here turns that into a 500 that names the missing file.
    static let folder: URL? = {
        if let override = ProcessInfo.processInfo.environment["WORKBENCH_SANDBOX_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let bundleName = "Workbench_Sandbox.resources"
        var places = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            places.append(executable.deletingLastPathComponent())
        }
        for place in places {
            let data = place.appendingPathComponent(bundleName).appendingPathComponent("Data")
            if FileManager.default.fileExists(atPath: data.path) { return data }
        }
        return nil
    }()

    /// The bytes of `Data/<path>`.
    static func bytes(_ path: String) throws(SandboxDataError) -> [UInt8] {
        guard let folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
            throw .missing(path)
        }
        return [UInt8](data)
    }

    /// The file's bytes and the JSON document parsed from them.
    static func document(_ path: String) throws(SandboxDataError) -> JSONSource {
        let bytes = try bytes(path)
        do {
            return try JSONSource(bytes)
        } catch {
            throw .unreadable(path, error.description)
        }
    }
}

/// A dataset the sandbox could not read; answered as a 500 naming the file.
enum SandboxDataError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)

    var description: String {
        switch self {
        case .missing(let path): "sandbox dataset 'Data/\(path)' is missing from the package resources"
        case .unreadable(let path, let reason): "sandbox dataset 'Data/\(path)' cannot be read: \(reason)"
        }
    }

    var response: SandboxResponse { .error(500, description) }
}
