import Foundation

/// The iopub socket: status, inputs, output and errors, broadcast to every client. Several threads
/// publish (the cell's, the output relay's, the shell's), one message at a time.
final class IOPub: Sendable {
    private let socket: ZeroMQSocket
    private let signer: MessageSigner
    let maker: MessageMaker

    init(socket: ZeroMQSocket, signer: MessageSigner, maker: MessageMaker) {
        self.socket = socket
        self.signer = signer
        self.maker = maker
    }

    func publish(_ type: String, content: [String: Any], parent: WireMessage?) {
        // The topic frame: clients subscribe to everything, and it names the message for a reader of the wire.
        let frames = signer.frames(maker.message(type, content: content, parent: parent, identities: [Data(type.utf8)]))
        socket.lock.withLock { socket.send(frames) }
    }

    func status(_ state: String, parent: WireMessage?) {
        publish("status", content: ["execution_state": state], parent: parent)
    }
}
