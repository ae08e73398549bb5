import Foundation
import KernelLibraries
import LineEditor
import REPL
import WorkbenchKit
import WorkbenchScript

/// `workbench kernel -f FILE`: a Jupyter kernel (messaging protocol 5.3) whose cells are prompt
/// inputs. Five sockets, bound only where the connection file says: shell (requests, answered one
/// at a time on the main actor), control (interrupt and shutdown, answered while a cell runs),
/// iopub (status and output), stdin (bound; the kernel never asks for input) and the heartbeat.
public enum Kernel {
    /// Runs until a shutdown request; the process exit status.
    @MainActor
    public static func run(connectionFile path: String, offline: Bool) async -> Int32 {
        if let missing = wb_kernel_libraries_load() {
            log(String(cString: missing))
            return 1
        }
        let connection: ConnectionFile
        let sockets: (shell: ZeroMQSocket, control: ZeroMQSocket, iopub: ZeroMQSocket, stdin: ZeroMQSocket, heartbeat: ZeroMQSocket)
        do throws(KernelError) {
            connection = try ConnectionFile.read(path)
            guard let context = wb_zmq_context_new() else { throw KernelError("cannot start ZeroMQ: \(String(cString: wb_zmq_error()))") }
            func bind(_ type: Int32, _ port: Int) throws(KernelError) -> ZeroMQSocket {
                try ZeroMQSocket(context: context, type: type, endpoint: connection.endpoint(port: port))
            }
            sockets = (try bind(Int32(WB_ZMQ_ROUTER), connection.shellPort), try bind(Int32(WB_ZMQ_ROUTER), connection.controlPort),
                       try bind(Int32(WB_ZMQ_PUB), connection.iopubPort), try bind(Int32(WB_ZMQ_ROUTER), connection.stdinPort),
                       try bind(Int32(WB_ZMQ_REP), connection.hbPort))
        } catch {
            log(error.description)
            return 1
        }
        let signer = MessageSigner(key: Array(connection.key.utf8))
        let iopub = IOPub(socket: sockets.iopub, signer: signer, maker: MessageMaker())
        guard let relay = OutputRelay(iopub: iopub) else {
            log("cannot make the pipe that carries output")
            return 1
        }
        _ = sockets.stdin
        // A client that dies without a shutdown request leaves no kernel behind: when the parent
        // goes, SIGTERM stops the Swift host and the sandbox as it does for the REPL.
        let parent = getppid()
        startThread("kernel parent watch") {
            while getppid() == parent { sleep(1) }
            kill(getpid(), SIGTERM)
        }
        startThread("kernel heartbeat") { sockets.heartbeat.echoForever() }
        let console = Console(fileDescriptor: STDOUT_FILENO, terminal: false, colors: false)
        let cells = NotebookCells(console: console, offline: offline, sandbox: true)
        let session = KernelSession(cells: cells, iopub: iopub, relay: relay)
        iopub.status("starting", parent: nil)
        let mode = cells.session.languageMode
        startThread("kernel control") { serveControl(sockets.control, signer: signer, iopub: iopub, cells: cells, languageMode: mode) }
        startThread("kernel shell") { serveShell(sockets.shell, signer: signer, iopub: iopub, session: session, cells: cells) }
        // The main actor now runs the cells the shell thread hands it, until a shutdown exits.
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// One line on standard error, where Jupyter keeps a kernel's log; never a message's key or content.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data("workbench kernel: \(line)\n".utf8))
    }

    private static func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// Each request in turn: handled on the main actor, answered here (the socket's one thread),
    /// then `idle` published, as clients wait for both.
    private static func serveShell(_ socket: ZeroMQSocket, signer: MessageSigner, iopub: IOPub, session: KernelSession,
                                   cells: NotebookCells) {
        while let frames = socket.receive() {
            guard let request = opened(frames, signer: signer) else { continue }
            iopub.status("busy", parent: request)
            // Older clients send it here rather than on the control channel.
            if request.type == "shutdown_request" { shutDown(request, socket: socket, signer: signer, iopub: iopub, cells: cells) }
            let answered = DispatchSemaphore(value: 0)
            let reply = ReplyBox()
            Task { @MainActor in
                reply.message = await session.handle(request)
                answered.signal()
            }
            answered.wait()
            if let message = reply.message { socket.send(signer.frames(message)) }
            iopub.status("idle", parent: request)
        }
        log("the shell socket failed: \(String(cString: wb_zmq_error()))")
    }

    /// Interrupts and shutdowns, answered while a cell runs.
    private static func serveControl(_ socket: ZeroMQSocket, signer: MessageSigner, iopub: IOPub, cells: NotebookCells,
                                     languageMode: SwiftLanguageMode) {
        while let frames = socket.receive() {
            guard let request = opened(frames, signer: signer) else { continue }
            let maker = iopub.maker
            switch request.type {
            case "interrupt_request":
                Interrupt.request()
                socket.send(signer.frames(maker.reply(to: request, "interrupt_reply", content: ["status": "ok"])))
            case "shutdown_request":
                shutDown(request, socket: socket, signer: signer, iopub: iopub, cells: cells)
            case "kernel_info_request":
                socket.send(signer.frames(maker.reply(to: request, "kernel_info_reply", content: KernelSession.kernelInfo(languageMode: languageMode))))
            default:
                log("no answer to a \(request.type) on the control channel")
            }
        }
    }

    /// Answers a shutdown, stops what the session started and ends the process; a restart is the
    /// client starting a new kernel, so a restarted session starts clean.
    private static func shutDown(_ request: WireMessage, socket: ZeroMQSocket, signer: MessageSigner, iopub: IOPub, cells: NotebookCells) {
        let restart = request.contentObject["restart"] as? Bool ?? false
        socket.send(signer.frames(iopub.maker.reply(to: request, "shutdown_reply", content: ["status": "ok", "restart": restart])))
        Interrupt.request()
        // The session closes on the main actor; a cell that does not give it back within two
        // seconds does not keep the process alive.
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { exit(0) }
        Task { @MainActor in
            cells.close()
            exit(0)
        }
    }

    private static func opened(_ frames: [Data], signer: MessageSigner) -> WireMessage? {
        switch signer.open(frames) {
        case .success(let message): return message
        case .failure(let reason):
            log("dropped \(reason.description), unread")
            return nil
        }
    }
}

/// The shell thread's reply, written on the main actor before the semaphore it waits on.
private final class ReplyBox: @unchecked Sendable {
    var message: WireMessage?
}
