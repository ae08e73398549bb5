import Foundation

/// `workbench kernel install`: the kernelspec Jupyter finds the kernel by (a folder named for the
/// kernel under a Jupyter data folder's `kernels/`, holding `kernel.json`).
public struct KernelSpec {
    /// The name clients list and notebooks record (`metadata.kernelspec.name`).
    public var name = "workbench"
    /// Starts the kernel with `--offline`: the tutorials' real hosts answered from the sandbox.
    public var offline = false

    public init() {}

    /// What `kernel.json` says: how to start the kernel, its name in menus, its language, and
    /// that an interrupt is a message on the control channel.
    public func kernelJSON(executable: String) -> Data {
        let object: [String: Any] = [
            "argv": [executable, "kernel"] + (offline ? ["--offline"] : []) + ["-f", "{connection_file}"],
            "display_name": offline ? "Swift (Workbench, offline)" : "Swift (Workbench)",
            "language": "swift",
            "interrupt_mode": "message",
            "metadata": ["debugger": false],
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// Where the kernelspec goes: `--user` the user's Jupyter data folder (`JUPYTER_DATA_DIR`, else
    /// `~/.local/share/jupyter`), `--prefix DIR` that environment's (`DIR/share/jupyter`, as for a
    /// virtual environment), else the system's (`/usr/local/share/jupyter`).
    public static func dataFolder(user: Bool, prefix: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let prefix { return URL(fileURLWithPath: prefix).appendingPathComponent("share/jupyter") }
        if user {
            if let folder = environment["JUPYTER_DATA_DIR"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
            let home = environment["HOME"] ?? NSHomeDirectory()
            return URL(fileURLWithPath: home).appendingPathComponent(".local/share/jupyter")
        }
        return URL(fileURLWithPath: "/usr/local/share/jupyter")
    }

    /// Writes the kernelspec under `dataFolder`; the folder written, or an error saying why not.
    public func install(in dataFolder: URL, executable: String) throws -> URL {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
            throw KernelError("a kernel name is letters, digits, '-', '.' and '_' ('\(name)' is not)")
        }
        let folder = dataFolder.appendingPathComponent("kernels").appendingPathComponent(name.lowercased())
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try kernelJSON(executable: executable).write(to: folder.appendingPathComponent("kernel.json"))
        } catch {
            throw KernelError("cannot write \(folder.path)/kernel.json: \(error.localizedDescription)")
        }
        return folder
    }

    /// The running `workbench`'s own path, for `argv`.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
