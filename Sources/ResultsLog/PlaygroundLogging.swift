import Glibc

// The functions the compiler's playground transform (`-Xfrontend -playground`) calls from the program
// it rewrites. They must live in a module compiled without the transform: inside a transformed
// module, their own code would be logged and call them again.

/// Called first by an input the Swift host runs with the results column: records go to `file`
/// (emptied here; the REPL reads it after the input) and what `print` writes is caught.
public func start(file path: String) {
    ResultsFile.shared.start(path)
    _playgroundPrintHook = { text in ResultsFile.shared.pendingPrint += text }
}

/// Called when that input ends: the host's later inputs are not the column's, and work the input
/// left running logs nothing.
public func stop() {
    _playgroundPrintHook = nil
    ResultsFile.shared.stop()
}

/// A binding's or an expression's value; `name` is empty for an expression.
public func __builtin_log_with_id<T>(_ object: T, _ name: String, _ id: Int, _ startLine: Int, _ endLine: Int,
                                     _ startColumn: Int, _ endColumn: Int, _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    let kind: ResultRecord.Kind = object is any BinaryInteger || object is any BinaryFloatingPoint ? .number : .value
    ResultsFile.shared.write(ResultRecord(kind: kind, startLine: startLine, endLine: endLine, startColumn: startColumn,
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

/// The results file, written one record at a time without buffering, so an input that traps
/// leaves every result before the trap. It stays open between inputs (work an input left running
/// may still call in, and must never write to a descriptor reused since), and is emptied at each start.
final class ResultsFile: @unchecked Sendable {
    // The input runs on the host's main thread; the hook and the calls share it.
    static let shared = ResultsFile()

    private var descriptor: Int32 = -1
    private var path = ""
    private var active = false
    var pendingPrint = ""

    func start(_ newPath: String) {
        if descriptor >= 0 && newPath != path {
            close(descriptor)
            descriptor = -1
        }
        if descriptor < 0 {
            descriptor = Glibc.open(newPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            path = newPath
        }
        if descriptor >= 0 { _ = ftruncate(descriptor, 0) }
        pendingPrint = ""
        active = true
    }

    func stop() {
        active = false
        pendingPrint = ""
    }

    func write(_ record: ResultRecord) {
        guard active, descriptor >= 0 else { return }
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
