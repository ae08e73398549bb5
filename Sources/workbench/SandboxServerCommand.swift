import ArgumentParser
import Foundation
import Sandbox

/// `workbench sandbox`: the sandbox alone, in the foreground.
struct SandboxServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Serve the sandbox APIs alone until Ctrl-C.",
        discussion: "Binds loopback by default. The URL it prints is the base for `base URL` or curl."
    )

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 0

    @Option(help: "The address to bind. Anything but loopback exposes the sandbox to the network.")
    var host = "127.0.0.1"

    func run() async throws {
        let loopback = host == "127.0.0.1" || host == "localhost" || host == "::1" || host.hasPrefix("127.")
        if !loopback {
            FileHandle.standardError.write(Data("warning: binding \(host) makes the sandbox reachable from other machines\n".utf8))
        }
        let sandbox: Sandbox
        do {
            sandbox = try await Sandbox.start(host: host, port: port)
        } catch {
            throw ValidationError("\(error)")
        }
        print("sandbox on \(sandbox.baseURL.absoluteString) · Ctrl-C stops it")
        for api in SandboxCatalog.apis {
            print("  \(sandbox.baseURL.absoluteString)\(api.prefix)  \(api.title)")
        }
        fflush(nil)
        // Ctrl-C stops the server cleanly (the default action would also do, but skip the shutdown).
        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupts.setEventHandler { Task { await sandbox.stop() } }
        interrupts.resume()
        try await sandbox.waitUntilStopped()
        interrupts.cancel()
    }
}
