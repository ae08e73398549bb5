import Foundation

/// An image in iTerm2's inline-image escape (iTerm2, WezTerm, VS Code's terminal): the file's
/// own bytes, which the terminal decodes, `columns` cells wide with its proportions kept.
enum ITermImage {
    static func escape(_ file: [UInt8], columns: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);preserveAspectRatio=1:"
            + Data(file).base64EncodedString() + "\u{07}"
    }
}
