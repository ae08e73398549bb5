import Foundation

extension HostRuntime {
    /// Shows the value of a top-level expression (or a new binding, `source` being its name) as the
    /// prompt shows values: a summary line `SOURCE: TYPE`, then exactly `print(value)`'s text.
    /// A `Void` value shows nothing, and nothing is shown while earlier inputs run again. Either
    /// way the REPL is told a digest of the text (`PromptEvent.shown`).
    /// Nonisolated, as `step`: a Swift 5 input that does not await calls it on the main thread.
    public nonisolated static func show<T>(_ value: T, source: String) {
        // The caller is on the main thread: the value does not cross threads.
        nonisolated(unsafe) let value = value
        MainActor.assumeIsolated { showOnMainActor(value, source: source) }
    }

    private static func showOnMainActor<T>(_ value: T, source: String) {
        guard showsResults, T.self != Void.self else { return }
        let text = String(describing: value)
        relay?.report(.shown(label: source, digest: ShownDigest.of(text)))
        guard relay?.isReplaying != true else { return }
        let console = workbench?.console ?? .standard
        let report = DecodedValueReport(
            typeName: SwiftTypeName.readable(String(reflecting: T.self), dropping: "main"),
            count: DecodedValueReport.Counted(value).count, text: text,
            elements: console.isTerminal ? (value as Any as? [Any])?.map { String(reflecting: $0) } : nil)
        (workbench ?? Workbench(console: console)).showValue(report, label: source)
    }
}

/// A 64-bit FNV-1a digest of a value's shown text: the REPL compares a value as first shown with
/// the same value computed again, without the text crossing over.
public enum ShownDigest {
    public static func of(_ text: String) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            digest ^= UInt64(byte)
            digest &*= 0x100_0000_01b3
        }
        return digest
    }
}
