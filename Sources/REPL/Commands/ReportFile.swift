import Foundation
import LineEditor

/// The file a CI report goes to (`replay --junit FILE`, `--tap FILE`): looked at before the
/// replay, so that a long run does not end on a path it cannot write, and written whole or not
/// at all (`DurableFile`: a temporary file beside it, then a rename), so CI never reads half a report.
enum ReportFile {
    /// `path` as typed, `~` expanded and relative to the current directory.
    static func url(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    static func sameFile(_ one: String, _ other: String) -> Bool {
        url(one).path == url(other).path
    }

    /// `cannot write PATH: REASON` when the report cannot go there, nil when it can.
    static func problem(_ path: String) -> String? {
        let file = url(path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "cannot write \(path): it is a directory"
        }
        let folder = file.deletingLastPathComponent().path
        guard access(folder, W_OK) == 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        return nil
    }

    /// Writes `text` to `path`; the error is the one line to show.
    static func write(_ text: String, to path: String) throws(UsageError) {
        do {
            try DurableFile.write(Data(text.utf8), to: url(path))
        } catch {
            // DurableFile names the temporary file when that cannot be made; the user knows the report's path.
            throw UsageError("cannot write \(path): \(error.reason)")
        }
    }
}
