import Foundation

/// What `import PlaygroundSupport` gives a playground page, for the same code here: the session
/// keeps running between inputs already, as a page with `needsIndefiniteExecution` does, so the
/// flag is kept and read back; a live view needs Xcode, which one line says.
/// Not main-actor isolated: tutorials call `finishExecution()` from a completion handler.
public final class PlaygroundPage: @unchecked Sendable {
    public static let current = PlaygroundPage()

    private let lock = NSLock()
    private var indefinite = false
    private var finished = false
    private var toldAboutLiveViews = false

    /// Kept and read back; the session runs asynchronous work either way.
    public var needsIndefiniteExecution: Bool {
        get { lock.withLock { indefinite } }
        set { lock.withLock { indefinite = newValue } }
    }

    /// Whether `finishExecution()` was called.
    public var executionFinished: Bool { lock.withLock { finished } }

    /// In Xcode this ends the page's run; here the session goes on, and replay stops waiting for
    /// the page's asynchronous work.
    public func finishExecution() {
        lock.withLock {
            finished = true
            indefinite = false
        }
    }

    /// A live view needs Xcode's assistant editor: setting one says so, once.
    public var liveView: Any? {
        get { nil }
        set {
            let tell = lock.withLock { () -> Bool in
                defer { toldAboutLiveViews = true }
                return !toldAboutLiveViews
            }
            if tell, newValue != nil {
                FileHandle.standardError.write(Data("(live views need Xcode: the view is not shown here; its code ran)\n".utf8))
            }
        }
    }

    public func setLiveView(_ view: Any) {
        liveView = view
    }
}
