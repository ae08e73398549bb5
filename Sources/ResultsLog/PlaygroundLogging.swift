import Glibc

// The functions the compiler's playground transform (`-Xfrontend -playground`) calls from the program
// it rewrites. They must live in a module compiled without the transform: inside a transformed
// module, their own code would be logged and call them again.

/// Called by the program first: opens the results file and catches what `print` writes.
public func start() {
    ResultsFile.shared.open()
    _playgroundPrintHook = { text in ResultsFile.shared.pendingPrint += text }
}

/// A binding's or an expression's value; `name` is empty for an expression.
public func __builtin_log_with_id<T>(_ object: T, _ name: String, _ id: Int, _ startLine: Int, _ endLine: Int,
                                     _ startColumn: Int, _ endColumn: Int, _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    ResultsFile.shared.write(ResultRecord(kind: .value, startLine: startLine, endLine: endLine, startColumn: startColumn,
                                          endColumn: endColumn, name: name, text: String(describing: object)))
    return nil
}

/// Entering a loop body, a function or a closure: the column needs only the values inside it.
public func __builtin_log_scope_entry(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                      _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    nil
}

public func __builtin_log_scope_exit(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                     _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    nil
}

/// After a `print` call: what it wrote (caught by the print hook) belongs to its line.
public func __builtin_postPrint(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    let file = ResultsFile.shared
    let text = file.pendingPrint
    file.pendingPrint = ""
    file.write(ResultRecord(kind: .printed, startLine: startLine, endLine: endLine, startColumn: startColumn,
                            endColumn: endColumn, name: "", text: text))
    return nil
}

/// What the logging calls return is handed back here; the records are already written.
public func __builtin_send_data(_ object: AnyObject?) {}

/// The file named by `WORKBENCH_RESULTS_FILE`, written one record at a time without buffering, so a
/// program that traps leaves every result before the trap.
final class ResultsFile: @unchecked Sendable {
    static let variable = "WORKBENCH_RESULTS_FILE"
    // The transformed program runs on one thread (top-level code); the hook and the calls share it.
    static let shared = ResultsFile()

    private var descriptor: Int32 = -1
    var pendingPrint = ""

    func open() {
        guard descriptor < 0, let path = getenv(Self.variable) else { return }
        descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    }

    func write(_ record: ResultRecord) {
        if descriptor < 0 { open() }
        guard descriptor >= 0 else { return }
        var line = record.line
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
