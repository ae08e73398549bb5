import Foundation

/// Reads the datasets carried in the package's `Data` resource folder.
enum SandboxDataFile {
    /// The bytes of `Data/<path>`.
    static func bytes(_ path: String) throws(SandboxDataError) -> [UInt8] {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Data") else {
            throw .missing(path)
        }
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
            throw .missing(path)
        }
        return [UInt8](data)
    }

    /// The file's bytes and a scanner over them, with the range of its top-level value.
    static func document(_ path: String) throws(SandboxDataError) -> (JSONScanner, Range<Int>) {
        let scanner = JSONScanner(try bytes(path))
        do {
            return (scanner, try scanner.rootRange())
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
