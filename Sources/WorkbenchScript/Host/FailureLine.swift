import Foundation
import WorkbenchKit

/// The one line the user reads for what the compiler or the host wrote: the compiler's first error
/// at the line and column they typed (or the earlier input it is in), a trap's message, a signal.
struct FailureLine {
    let program: LibrarySource
    /// The library source's path, as diagnostics name it.
    let programPath: String

    /// The first `FILE:LINE:COL: error: MESSAGE` of the program as one line, told where the user
    /// typed it.
    func compileError(_ errors: String) -> String? {
        guard let first = firstCompileError(errors) else { return nil }
        guard let unit = first.unit else { return "error: " + first.error.message }
        if unit < program.units.count - 1 {
            return "error: earlier input `\(program.units[unit].firstLine)` no longer compiles: \(first.error.message)"
        }
        return first.error.text
    }

    /// The compiler's first error: the unit it is in (nil when it is in generated code, the error
    /// then at line 0) and the error at its line and column within that unit.
    func firstCompileError(_ errors: String) -> (unit: Int?, error: CompileError)? {
        for line in Self.lines(errors) {
            guard let marker = line.range(of: ": error: ") else { continue }
            let message = String(line[marker.upperBound...])
            let location = line[..<marker.lowerBound].split(separator: ":")
            guard location.count >= 3, let column = Int(location[location.count - 1]), let row = Int(location[location.count - 2]),
                  location.dropLast(2).joined(separator: ":") == programPath,
                  let origin = program.source.origin(line: row, column: column)
            else { return (nil, CompileError(line: 0, column: 0, message: message)) }
            let unit = program.units[origin.unit]
            let position = unit.location(of: origin.offset)
            return (origin.unit, CompileError(line: position.line, column: position.column, message: message,
                                              sourceLine: unit.line(position.line)))
        }
        return nil
    }

    /// `Fatal error: Index out of range` from `Swift/ContiguousArrayBuffer.swift:692: Fatal error: …`;
    /// an error thrown at the top level reads `error: …`.
    static func trapMessage(_ errors: String) -> String? {
        let kinds = ["Fatal error", "Precondition failed", "Assertion failed"]
        for line in lines(errors) {
            guard let kind = kinds.compactMap({ line.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else { continue }
            let message = String(line[kind.lowerBound...])
            if let raised = message.range(of: "Fatal error: Error raised at top level: ") {
                return "error: " + message[raised.upperBound...]
            }
            return message
        }
        return nil
    }

    /// The lines of what a program wrote, split at any line break: `\r\n` is one `Character`, not
    /// `\n`, so splitting at `\n` kept it, and the rest of the output, in one line (found by `make fuzz`).
    static func lines(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isNewline)
    }

    static func signalText(_ status: Int32?) -> String? {
        guard let status, status & 0x7f != 0, status & 0x7f != 0x7f else { return nil }
        switch status & 0x7f {
        case SIGSEGV, SIGBUS: return "error: the program crashed (segmentation fault): a stack overflow, or memory used wrongly"
        case SIGILL, SIGTRAP: return "error: the program trapped"
        case SIGKILL: return "error: the program was killed (out of memory?)"
        default: return "error: the program was stopped by signal \(status & 0x7f)"
        }
    }
}
