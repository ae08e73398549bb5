// For generate.py only: what Xcode's PlaygroundSupport does for these pages, as a module the
// reference program imports. A page with `needsIndefiniteExecution` runs until
// `finishExecution()`, which ends the program (the script keeps the main run loop running).
import Foundation

public final class PlaygroundPage {
    public static let current = PlaygroundPage()
    public var needsIndefiniteExecution = false

    public func finishExecution() {
        fflush(stdout)
        exit(0)
    }
}
