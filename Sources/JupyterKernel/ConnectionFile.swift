import Foundation

/// What the Jupyter client writes for a kernel it starts: where to bind each socket and the key
/// messages are signed with (the messaging protocol's "connection files").
struct ConnectionFile: Decodable, Sendable {
    let transport: String
    let ip: String
    let shellPort: Int
    let iopubPort: Int
    let stdinPort: Int
    let controlPort: Int
    let hbPort: Int
    let key: String
    let signatureScheme: String

    enum CodingKeys: String, CodingKey {
        case transport, ip, key
        case shellPort = "shell_port", iopubPort = "iopub_port", stdinPort = "stdin_port"
        case controlPort = "control_port", hbPort = "hb_port", signatureScheme = "signature_scheme"
    }

    /// Reads `path`; the error says what was wrong with it (never its key).
    static func read(_ path: String) throws(KernelError) -> ConnectionFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KernelError("cannot read the connection file \(path)")
        }
        let file: ConnectionFile
        do {
            file = try JSONDecoder().decode(ConnectionFile.self, from: data)
        } catch {
            throw KernelError("\(path) is not a Jupyter connection file (it needs transport, ip, the five ports, key and signature_scheme)")
        }
        guard file.signatureScheme == "hmac-sha256" || file.key.isEmpty else {
            throw KernelError("\(path) asks for signature scheme \(file.signatureScheme): the kernel signs with hmac-sha256")
        }
        guard file.transport == "tcp" || file.transport == "ipc" else {
            throw KernelError("\(path) asks for transport \(file.transport): the kernel binds tcp or ipc")
        }
        return file
    }

    /// The endpoint a socket binds: only the address the file names (`tcp://127.0.0.1:PORT`).
    func endpoint(port: Int) -> String {
        transport == "ipc" ? "ipc://\(ip)-\(port)" : "tcp://\(ip):\(port)"
    }
}

/// A kernel failure as one line.
struct KernelError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
