import Foundation
import Synchronization

private let pendingInterrupt = Atomic<Bool>(false)

/// Ctrl-C as a flag: the REPL never dies of SIGINT, it clears the line or cancels work.
///
/// Without a handler libedit restores the terminal and sends SIGINT to the whole process
/// group, killing the parent shell in tmux (docs/ARCHITECTURE.md, "libedit"). A handler without
/// `SA_RESTART` makes `el_gets` return with EINTR instead.
public enum Interrupt {
    /// Whether Ctrl-C was pressed since the last `clear()`.
    public static var isPending: Bool { pendingInterrupt.load(ordering: .relaxed) }

    public static func clear() { pendingInterrupt.store(false, ordering: .relaxed) }

    /// Ctrl-C from elsewhere than the terminal (a notebook's interrupt button).
    public static func request() { pendingInterrupt.store(true, ordering: .relaxed) }

    public static func installHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            pendingInterrupt.store(true, ordering: .relaxed)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }
}
