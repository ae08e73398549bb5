import Foundation
import LineEditor
import Synchronization
import KernelLibraries
import REPL
import WorkbenchKit

/// `workbench kernel -f FILE`: a Jupyter kernel (messaging protocol 5.3) whose cells are prompt
/// inputs. Five sockets, bound only where the connection file says: shell (requests, answered one
/// at a time on the main actor: `ShellChannel`), control (interrupt and shutdown, answered while a
/// cell runs: `ControlChannel`), iopub (status and output), stdin (bound; the kernel never asks
/// for input) and the heartbeat.
public enum Kernel {
    /// Runs until a shutdown request; the process exit status when it cannot start.
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
            func bind(_ type: Int32, _ port: Int, unlimitedQueue: Bool = false) throws(KernelError) -> ZeroMQSocket {
                try ZeroMQSocket(context: context, type: type, endpoint: connection.endpoint(port: port), unlimitedQueue: unlimitedQueue)
            }
            // iopub queues without limit: a PUB socket past its limit drops messages, the cell's
            // last `idle` among them, and the frontend would wait on it for ever.
            sockets = (try bind(Int32(WB_ZMQ_ROUTER), connection.shellPort), try bind(Int32(WB_ZMQ_ROUTER), connection.controlPort),
                       try bind(Int32(WB_ZMQ_PUB), connection.iopubPort, unlimitedQueue: true),
                       try bind(Int32(WB_ZMQ_ROUTER), connection.stdinPort), try bind(Int32(WB_ZMQ_REP), connection.hbPort))
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
        watchParent()
        startThread("kernel heartbeat") { sockets.heartbeat.echoForever() }
        let console = Console(fileDescriptor: STDOUT_FILENO, terminal: false, colors: false)
        let cells = NotebookCells(console: console, offline: offline, sandbox: true)
        let session = KernelSession(cells: cells, iopub: iopub, relay: relay)
        iopub.status("starting", parent: nil)
        let control = ControlChannel(socket: sockets.control, signer: signer, iopub: iopub, cells: cells,
                                     languageMode: cells.session.languageMode)
        let shell = ShellChannel(socket: sockets.shell, signer: signer, iopub: iopub, session: session, cells: cells)
        startThread("kernel control") { control.serve() }
        startThread("kernel shell") { shell.serve() }
        // The main actor now runs the cells the shell thread hands it, until a shutdown exits.
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// One line on standard error, where Jupyter keeps a kernel's log; never a message's key or content.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data("workbench kernel: \(line)\n".utf8))
    }

    static func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// A channel's socket failed: the kernel can no longer be reached, so it ends (SIGTERM stops the
    /// Swift host and the sandbox) rather than answer heartbeats as if it could.
    static func channelFailed(_ name: String) {
        log("the \(name) socket failed (\(String(cString: wb_zmq_error()))); ending the kernel")
        kill(getpid(), SIGTERM)
    }

    /// A client that dies without a shutdown request leaves no kernel behind. As ipykernel does,
    /// only when started by a Jupyter client (which sets JPY_PARENT_PID): a launcher that starts
    /// the kernel and exits is not its end.
    private static func watchParent() {
        guard ProcessInfo.processInfo.environment["JPY_PARENT_PID"] != nil else { return }
        let parent = getppid()
        startThread("kernel parent watch") {
            while getppid() == parent { sleep(1) }
            kill(getpid(), SIGTERM)
        }
    }

    private static let exiting = Atomic<Bool>(false)

    /// Answers a shutdown, stops what the session started and ends the process; a restart is the
    /// client starting a new kernel, so a restarted session starts clean.
    static func shutDown(_ request: WireMessage, socket: ZeroMQSocket, signer: MessageSigner, iopub: IOPub, cells: NotebookCells) {
        let restart = request.contentObject["restart"] as? Bool ?? false
        socket.send(signer.frames(iopub.maker.reply(to: request, "shutdown_reply", content: ["status": "ok", "restart": restart])))
        Interrupt.request()
        // The session closes on the main actor; if a cell does not give it back within two seconds,
        // SIGTERM stops what the session started and ends the process instead. Only one of the two runs.
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
            if exiting.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged { kill(getpid(), SIGTERM) }
        }
        Task { @MainActor in
            guard exiting.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
            cells.close()
            // The reply was queued, not yet written (linger 0 drops what is unsent at exit): give
            // ZeroMQ's I/O thread a moment to write it.
            usleep(50_000)
            exit(0)
        }
    }

    static func opened(_ frames: [Data], signer: MessageSigner) -> WireMessage? {
        switch signer.open(frames) {
        case .success(let message): return message
        case .failure(let reason):
            log("dropped \(reason.description), unread")
            return nil
        }
    }
}
