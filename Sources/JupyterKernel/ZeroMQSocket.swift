import Foundation
import KernelLibraries

/// One bound ZeroMQ socket. A ZeroMQ socket is not thread-safe: each is used by one thread, or
/// under `lock` (iopub, which several threads publish on).
final class ZeroMQSocket: @unchecked Sendable {
    private let socket: UnsafeMutableRawPointer
    let lock = NSLock()

    init(context: UnsafeMutableRawPointer, type: Int32, endpoint: String, unlimitedQueue: Bool = false) throws(KernelError) {
        var error: UnsafePointer<CChar>?
        guard let socket = wb_zmq_bound_socket(context, type, endpoint, unlimitedQueue ? 1 : 0, &error) else {
            throw KernelError("cannot bind \(endpoint): \(error.map { String(cString: $0) } ?? "unknown error")")
        }
        self.socket = socket
    }

    /// Sends the frames as one message.
    func send(_ frames: [Data]) {
        for (index, frame) in frames.enumerated() {
            let flags = index < frames.count - 1 ? Int32(WB_ZMQ_SNDMORE) : 0
            _ = frame.withUnsafeBytes { wb_zmq_send(socket, $0.baseAddress, $0.count, flags) }
        }
    }

    /// Waits for the next message and returns its frames; nil when the socket failed.
    func receive() -> [Data]? {
        receive(waiting: true)
    }

    /// The next message if one is queued already, else nil.
    func receiveQueued() -> [Data]? {
        receive(waiting: false)
    }

    private func receive(waiting: Bool) -> [Data]? {
        var frames: [Data] = []
        while true {
            var data: UnsafeMutableRawPointer?
            var more: Int32 = 0
            // A message's later frames are there once its first is.
            let size = wb_zmq_receive(socket, &data, &more, waiting || !frames.isEmpty ? 1 : 0)
            guard size >= 0, let data else { return nil }
            frames.append(Data(bytesNoCopy: data, count: size, deallocator: .free))
            if more == 0 { return frames }
        }
    }

    /// Echoes every message back until the process ends (the heartbeat).
    func echoForever() {
        wb_zmq_echo(socket)
    }
}
