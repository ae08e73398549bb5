#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation

/// Switches the process's standard output and error between the REPL (live) and nowhere (quiet,
/// while earlier inputs run again, so their prints are not repeated).
enum QuietOutput {
    /// Points standard output at /dev/null and standard error at `errorPath` (a trap's message is
    /// wanted even from a quiet input); returns the live descriptors to restore.
    static func silence(errorPath: String?) -> (output: Int32, error: Int32)? {
        fflush(nil)
        let output = dup(STDOUT_FILENO)
        let error = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        let errorFile = errorPath.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) } ?? null
        guard output >= 0, error >= 0, null >= 0, errorFile >= 0 else { return nil }
        dup2(null, STDOUT_FILENO)
        dup2(errorFile, STDERR_FILENO)
        close(null)
        if errorFile != null { close(errorFile) }
        return (output, error)
    }

    static func restore(_ saved: (output: Int32, error: Int32)) {
        fflush(nil)
        dup2(saved.output, STDOUT_FILENO)
        dup2(saved.error, STDERR_FILENO)
        close(saved.output)
        close(saved.error)
    }
}
