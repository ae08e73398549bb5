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
        while let frames = socket.receive() {
            guard let request = Kernel.opened(frames, signer: signer) else { continue }
            let reply = answer(request)
            // A cell that failed (or was interrupted) ends the cells queued behind it, as with
            // "Run All": they were meant to run after it, not after its error.
            if request.type == "execute_request", Self.status(of: reply) == "error",
               request.contentObject["stop_on_error"] as? Bool ?? true {
                abortQueued()
            }
        }
        Kernel.channelFailed("shell")
    }

    /// Handles `request` and answers it; the reply sent, if any.
    @discardableResult
    private func answer(_ request: WireMessage) -> WireMessage? {
        iopub.status("busy", parent: request)
        defer { iopub.status("idle", parent: request) }
        // Older clients send it here rather than on the control channel.
        if request.type == "shutdown_request" {
            Kernel.shutDown(request, socket: socket, signer: signer, iopub: iopub, cells: cells)
            return nil
        }
        let answered = DispatchSemaphore(value: 0)
        let reply = ReplyBox()
        Task { @MainActor in
            reply.message = await session.handle(request)
            answered.signal()
        }
        answered.wait()
        if let message = reply.message { socket.send(signer.frames(message)) }
        return reply.message
    }

    /// Answers every execute request already queued with `aborted`; other requests as usual.
    private func abortQueued() {
        while let frames = socket.receiveQueued() {
            guard let request = Kernel.opened(frames, signer: signer) else { continue }
            guard request.type == "execute_request" else {
                answer(request)
                continue
            }
            iopub.status("busy", parent: request)
            socket.send(signer.frames(iopub.maker.reply(to: request, "execute_reply", content: ["status": "aborted"])))
            iopub.status("idle", parent: request)
        }
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
