import Foundation
import Synchronization
import LineEditor
import REPL
import WorkbenchKit
import WorkbenchScript

/// Answers the shell's requests with a notebook session: a cell runs as prompt input, its output
/// streamed on iopub as it is printed, each failure an `error` message in its place.
@MainActor
final class KernelSession {
    private let cells: NotebookCells
    private let iopub: IOPub
    private let relay: OutputRelay
    private let failures = FailureLog()
    private var executionCount = 0

    init(cells: NotebookCells, iopub: IOPub, relay: OutputRelay) {
        self.cells = cells
        self.iopub = iopub
        self.relay = relay
        cells.observer = self
        cells.session.console.failureHandler = { [failures, relay, iopub] line, context in
            // The text of a request that failed goes out as text, before its error.
            let held = relay.stopHolding().text
            if !held.isEmpty { iopub.publish("stream", content: ["name": "stdout", "text": held], parent: relay.parent) }
            let error = KernelFailure(line: line, context: context)
            failures.append(error)
            iopub.publish("error", content: error.content, parent: relay.parent)
        }
    }

    /// The reply to `request`, or nil for a request the kernel does not answer (said on stderr).
    func handle(_ request: WireMessage) async -> WireMessage? {
        let content = request.contentObject
        let maker = iopub.maker
        switch request.type {
        case "kernel_info_request":
            return maker.reply(to: request, "kernel_info_reply", content: Self.kernelInfo(languageMode: cells.session.languageMode))
        case "execute_request":
            return maker.reply(to: request, "execute_reply", content: await execute(request, content: content))
        case "is_complete_request":
            let whole = cells.completeness(of: content["code"] as? String ?? "") != .incomplete
            return maker.reply(to: request, "is_complete_reply", content: ["status": whole ? "complete" : "incomplete", "indent": ""])
        case "complete_request":
            let cursor = content["cursor_pos"] as? Int ?? 0
            let (start, matches) = cells.completions(of: content["code"] as? String ?? "", cursor: cursor)
            return maker.reply(to: request, "complete_reply", content: [
                "status": "ok", "matches": matches, "cursor_start": start, "cursor_end": cursor, "metadata": [String: Any](),
            ])
        case "inspect_request":
            let text = cells.inspection(of: content["code"] as? String ?? "", cursor: content["cursor_pos"] as? Int ?? 0)
            return maker.reply(to: request, "inspect_reply", content: [
                "status": "ok", "found": text != nil, "data": text.map { ["text/plain": $0] } ?? [:], "metadata": [String: Any](),
            ])
        case "history_request":
            return maker.reply(to: request, "history_reply", content: ["status": "ok", "history": [Any]()])
        case "shutdown_request":
            return nil  // answered by the shell channel itself
        case "comm_info_request":
            return maker.reply(to: request, "comm_info_reply", content: ["status": "ok", "comms": [String: Any]()])
        default:
            Kernel.log("no answer to a \(request.type) (the kernel does not take it)")
            return nil
        }
    }

    private func execute(_ request: WireMessage, content: [String: Any]) async -> [String: Any] {
        let code = content["code"] as? String ?? ""
        let silent = content["silent"] as? Bool ?? false
        if !silent && (content["store_history"] as? Bool ?? true) { executionCount += 1 }
        relay.parent = request
        if !silent { iopub.publish("execute_input", content: ["code": code, "execution_count": executionCount], parent: request) }
        failures.removeAll()
        let succeeded = await cells.run(code)
        cells.session.console.flush()
        relay.sync()
        var failed = failures.all
        if !succeeded && failed.isEmpty {
            // Stopped without a line of its own (Ctrl-C between two inputs of the cell).
            let failure = KernelFailure(line: Interrupt.isPending ? "interrupted" : "error: the cell stopped", context: [])
            iopub.publish("error", content: failure.content, parent: request)
            failed = [failure]
        }
        guard let first = failed.first else {
            return ["status": "ok", "execution_count": executionCount, "user_expressions": [String: Any](), "payload": [Any]()]
        }
        return first.content.merging(["status": "error", "execution_count": executionCount]) { $1 }
    }

    nonisolated static func kernelInfo(languageMode: SwiftLanguageMode) -> [String: Any] {
        [
            "status": "ok", "protocol_version": "5.3", "implementation": "workbench", "implementation_version": Startup.version,
            "language_info": [
                "name": "swift", "version": languageMode.version, "mimetype": "text/x-swift", "file_extension": ".swift",
                "codemirror_mode": "swift", "pygments_lexer": "swift",
            ],
            "banner": "Workbench \(Startup.version): Swift and HTTP requests, the prompt's commands in every cell ('help' lists them)",
            "help_links": [Any](),
        ]
    }
}

extension KernelSession: NotebookCellObserver {
    func inputStarting(mayBeRich: Bool) {
        if mayBeRich { relay.startHolding() }
    }

    /// An input's text and its other form (a response's JSON or image, a decoded array's table) as
    /// one output, which a frontend shows in the richest form it draws (JupyterLab a tree, a
    /// picture or a table, a terminal the text); anything else as text.
    func inputEnded(rich: RichOutput?) {
        let (text, released) = relay.stopHolding()
        guard let rich, !released else {
            if !text.isEmpty { iopub.publish("stream", content: ["name": "stdout", "text": text], parent: relay.parent) }
            return
        }
        let data: [String: Any] = switch rich {
        case .json(let body): ["text/plain": text, "application/json": KernelJSON.Raw(bytes: body)]
        case .html(let table): ["text/plain": text, "text/html": table]
        case .image(let type, let bytes) where type == "image/svg+xml": ["text/plain": text, type: String(decoding: bytes, as: UTF8.self)]
        case .image(let type, let bytes): ["text/plain": text, type: bytes.base64EncodedString()]
        }
        iopub.publish("display_data", content: ["data": data, "metadata": [String: Any](), "transient": [String: Any]()], parent: relay.parent)
    }
}

/// A failure as Jupyter shows one: `ename` the kind, `evalue` the message, the one line (and the
/// lines placing it) as the traceback.
struct KernelFailure: Sendable {
    let line: String
    let context: [String]

    var content: [String: Any] {
        let isError = line.hasPrefix("error: ")
        return [
            "ename": isError ? "error" : line == "interrupted" ? "interrupted" : "failure",
            "evalue": isError ? String(line.dropFirst("error: ".count)) : line,
            "traceback": [line] + context,
        ]
    }
}

/// The failures of the cell running, written by the console's failure handler on any thread.
final class FailureLog: Sendable {
    private let failures = Mutex<[KernelFailure]>([])
    func append(_ failure: KernelFailure) { failures.withLock { $0.append(failure) } }
    func removeAll() { failures.withLock { $0.removeAll() } }
    var all: [KernelFailure] { failures.withLock { $0 } }
}
