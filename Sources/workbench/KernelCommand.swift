import ArgumentParser
import Foundation
import JupyterKernel

/// `workbench kernel -f FILE`: Workbench as a Jupyter kernel; `workbench kernel install` writes
/// the kernelspec that lets JupyterLab, VS Code and nbclient start it.
struct KernelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel",
        abstract: "Run as a Jupyter kernel (started by Jupyter with its connection file).",
        discussion: """
            A cell is what the prompt reads: commands, Swift, several inputs. Install the kernel \
            first (`workbench kernel install --user`), then pick "Swift (Workbench)" in JupyterLab \
            or VS Code.
            """,
        subcommands: [KernelInstallCommand.self]
    )

    @Option(name: .customShort("f"), help: ArgumentHelp("The connection file Jupyter wrote.", valueName: "connection-file"))
    var connectionFile: String?

    @Flag(help: "Answer requests to the tutorials' real API hosts from the sandbox; URLs stay as typed.")
    var offline = false

    func run() async throws {
        guard let connectionFile else {
            throw ValidationError("the kernel needs -f CONNECTION_FILE, which Jupyter passes; `workbench kernel install --user` lets Jupyter start it")
        }
        // ArgumentParser hands `--offline` to the parent command, which declares it too.
        let status = await Kernel.run(connectionFile: connectionFile, offline: offline || CommandLine.arguments.contains("--offline"))
        if status != 0 { throw ExitCode(status) }
    }
}

/// `workbench kernel install [--user] [--prefix DIR] [--name NAME] [--offline]`.
struct KernelInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Write the kernelspec Jupyter starts this workbench by.",
        discussion: "Without --user or --prefix, into the system's Jupyter folder (/usr/local/share/jupyter)."
    )

    @Flag(help: "Into your own Jupyter folder ($JUPYTER_DATA_DIR, else ~/.local/share/jupyter).")
    var user = false

    @Option(help: ArgumentHelp("Into this environment's Jupyter folder (DIR/share/jupyter), as for a virtual environment.", valueName: "dir"))
    var prefix: String?

    @Option(help: "The kernel's name, as notebooks record it.")
    var name = "workbench"

    @Flag(help: "Start the kernel with --offline (the tutorials' real hosts answered from the sandbox).")
    var offline = false

    func run() throws {
        if user && prefix != nil { throw ValidationError("--user and --prefix name two places; give one") }
        var spec = KernelSpec()
        spec.name = name
        spec.offline = offline || CommandLine.arguments.contains("--offline")
        let folder = try spec.install(in: KernelSpec.dataFolder(user: user, prefix: prefix), executable: KernelSpec.executablePath)
        print("installed the \(spec.offline ? "offline " : "")kernel '\(name.lowercased())' in \(folder.path)")
    }
}
