import Foundation

extension PromptRuntime {
    /// Shows the value of a top-level expression (or a new binding, `source` being its name) as the
    /// prompt shows values: a summary line `SOURCE: TYPE`, then exactly `print(value)`'s text.
    /// A `Void` value shows nothing, and nothing is shown while earlier inputs run again.
    /// Nonisolated, as `step`: a Swift 5 input that does not await calls it on the main thread.
    public nonisolated static func show<T>(_ value: T, source: String) {
        // The caller is on the main thread: the value does not cross threads.
        nonisolated(unsafe) let value = value
        MainActor.assumeIsolated { showOnMainActor(value, source: source) }
    }

    private static func showOnMainActor<T>(_ value: T, source: String) {
        guard showsResults, relay?.isReplaying != true, T.self != Void.self else { return }
        let console = workbench?.console ?? .standard
        let report = DecodedValueReport(
            typeName: SwiftTypeName.readable(String(reflecting: T.self), dropping: "main"),
            count: DecodedValueReport.Counted(value).count, text: String(describing: value),
            elements: console.isTerminal ? (value as Any as? [Any])?.map { String(reflecting: $0) } : nil)
        (workbench ?? Workbench(console: console)).showValue(report, label: source)
    }
}
