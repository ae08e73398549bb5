import CLibEdit
import Foundation

/// Where libedit's cursor is when the prompt and the line wrap over several terminal rows, so that
/// output shown above the prompt can first go back up to the prompt's row.
///
/// As libedit lays them out: a character wider than the room left on a row starts the next one, a
/// tab in the line goes to the next multiple of 8, a control character shows as `^X`.
enum PromptLayout {
    /// The cursor's row, the prompt's first row being 0. The prompt's escape codes, between
    /// `\u{1}` delimiters (EL_PROMPT_ESC in `TerminalReader`), take no room.
    static func cursorRow(prompt: String, beforeCursor: String, width: Int) -> Int {
        guard width > 0 else { return 0 }
        var row = 0, column = 0
        func put(_ columns: Int) {
            if columns > 1 && column + columns > width { (row, column) = (row + 1, 0) }
            column += columns
            if column >= width { (row, column) = (row + 1, 0) }
        }
        var inEscape = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1}" { inEscape.toggle() } else if !inEscape { put(columns(of: scalar)) }
        }
        for scalar in beforeCursor.unicodeScalars {
            if scalar == "\t" {
                repeat { put(1) } while column % 8 != 0
            } else {
                put(columns(of: scalar))
            }
        }
        return row
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        let columns = wcwidth(wchar_t(bitPattern: scalar.value))
        return columns >= 0 ? Int(columns) : 2
    }
}
