import Foundation
import LineEditor
import REPL
import WorkbenchScript

/// The shell channel: each request in turn, handled on the main actor and answered here (the
/// socket's one thread), then `idle` published, as clients wait for both.
struct ShellChannel: Sendable {
    let socket: ZeroMQSocket
    let signer: MessageSigner
    let iopub: IOPub
    let session: KernelSession
    let cells: NotebookCells

    func serve() {
        // Execute requests sent before a cell failed (or was interrupted) are answered `aborted`:
        // a frontend's "Run All" sends every cell at once, meant to run after the one that failed,
        // not after its error. Their header's date says when they were sent, so one still on its
        // way is aborted too, and a cell typed after the error is not.
        var abortedBefore: Date?
        while let frames = socket.receive() {
            guard let request = Kernel.opened(frames, signer: signer) else { continue }
            if request.type == "execute_request", let abortedBefore, let sent = Self.date(of: request), sent < abortedBefore {
                abort(request)
                continue
            }
            let (reply, repliedAt) = answer(request)
            if request.type == "execute_request", Self.status(of: reply) == "error",
               request.contentObject["stop_on_error"] as? Bool ?? true {
                abortedBefore = repliedAt
            }
        }
        Kernel.channelFailed("shell")
    }

    /// Handles `request` and answers it; the reply sent, if any, and when (just before it went:
    /// a request sent after the client read it is later).
    private func answer(_ request: WireMessage) -> (reply: WireMessage?, at: Date) {
        iopub.status("busy", parent: request)
        defer { iopub.status("idle", parent: request) }
        // Older clients send it here rather than on the control channel.
        if request.type == "shutdown_request" {
            Kernel.shutDown(request, socket: socket, signer: signer, iopub: iopub, cells: cells)
            return (nil, Date())
        }
        let answered = DispatchSemaphore(value: 0)
        let reply = ReplyBox()
        Task { @MainActor in
            reply.message = await session.handle(request)
            answered.signal()
        }
        answered.wait()
        let repliedAt = Date()
        if let message = reply.message { socket.send(signer.frames(message)) }
        return (reply.message, repliedAt)
    }

    private func abort(_ request: WireMessage) {
        iopub.status("busy", parent: request)
        socket.send(signer.frames(iopub.maker.reply(to: request, "execute_reply", content: ["status": "aborted"])))
        iopub.status("idle", parent: request)
    }

    private static func date(of request: WireMessage) -> Date? {
        ((try? JSONSerialization.jsonObject(with: request.header)) as? [String: Any])?["date"].flatMap { $0 as? String }.flatMap(MessageMaker.date(from:))
    }

    private static func status(of reply: WireMessage?) -> String? {
        reply.flatMap { (try? JSONSerialization.jsonObject(with: $0.content)) as? [String: Any] }?["status"] as? String
    }
}

/// The shell thread's reply, written on the main actor before the semaphore it waits on.
private final class ReplyBox: @unchecked Sendable {
    var message: WireMessage?
}

/// The control channel: interrupts and shutdowns, answered while a cell runs.
struct ControlChannel: Sendable {
    let socket: ZeroMQSocket
    let signer: MessageSigner
    let iopub: IOPub
    let cells: NotebookCells
    let languageMode: SwiftLanguageMode

    func serve() {
        while let frames = socket.receive() {
            guard let request = Kernel.opened(frames, signer: signer) else { continue }
            let maker = iopub.maker
            switch request.type {
            case "interrupt_request":
                Interrupt.request()
                socket.send(signer.frames(maker.reply(to: request, "interrupt_reply", content: ["status": "ok"])))
            case "shutdown_request":
                Kernel.shutDown(request, socket: socket, signer: signer, iopub: iopub, cells: cells)
            case "kernel_info_request":
                socket.send(signer.frames(maker.reply(to: request, "kernel_info_reply", content: KernelSession.kernelInfo(languageMode: languageMode))))
            default:
                Kernel.log("no answer to a \(request.type) on the control channel")
            }
        }
        Kernel.channelFailed("control")
    }
}
