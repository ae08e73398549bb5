import Foundation
import FuzzSupport
import REPL
import WorkbenchKit

/// Whole input lines through the REPL's command parsing and dispatch, as piped input reaches it:
/// a fresh session (no sandbox, sends answered by `NetworkOff`, no toolchain) evaluates each line of
/// the input in turn (up to four, so that one line can set up what the next reads). No line may
/// trap, and every error must be one line.
// Also under libFuzzer's name: the toolchain links its `main` (unused: SwiftPM's `main` wins), which names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = FuzzSupport.text(data, size).split(separator: "\n", omittingEmptySubsequences: true).prefix(4).map(String.init)
    guard lines.allSatisfy(staysInScratchFolder) else { return -1 }
    do {
        FuzzSupport.runToEnd {
            let console = Console(capturingWithColors: false)
            let session = Session(console: console, isInteractive: false)
            for line in lines {
                console.clearCaptured()
                _ = await session.evaluate(line)
                session.console.flush()
                for output in console.capturedText.split(separator: "\n") where output.hasPrefix("error:") {
                    if output.contains("\r") { fatalError("an error line holds a carriage return: \(output)") }
                }
            }
        }
    }
    return 0
}

/// Files are read and written only below the scratch folder (the current directory): the fuzzer
/// runs as whoever started it and must not write over, or read from, anything else (`/dev/zero`).
func staysInScratchFolder(_ line: String) -> Bool {
    let command = line.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }.lowercased()
    return !line.contains("..") && !line.contains("@/") && !line.contains("@~")
        && !(fileCommands.contains(command) && (line.contains("/") || line.contains("~")))
}

let fileCommands: Set<String> = ["save", "load", "replay", "snippets", "history", "set", "json", "body"]

@_cdecl("FuzzCommands_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    MainActor.assumeIsolated { FuzzSupport.main(argc, argv, fuzzCommands) }
}
