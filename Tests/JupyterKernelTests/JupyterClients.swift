import Foundation
import TestSupport

/// Runs the Python clients beside these tests with the virtual environment `make test` makes, on
/// an offline kernel installed with `workbench kernel install --prefix` into a folder of its own.
enum JupyterClients {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = folder.deletingLastPathComponent().deletingLastPathComponent()

    struct MissingEnvironment: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: `make test` makes the virtual environment with jupyter_client and nbclient" }
    }

    static func run(_ script: String, _ arguments: [String]) async throws -> PipedRun {
        let python = packageRoot.appendingPathComponent(".build/jupyter-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else { throw MissingEnvironment(path: python) }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let prefix = scratch.url.appendingPathComponent("jupyter")
        let install = try await PipedRun.run(try Binaries.workbench, ["kernel", "install", "--prefix", prefix.path, "--offline"],
                                             input: "", environment: ProcessInfo.processInfo.environment)
        guard install.status == 0 else { throw InstallFailed(output: install.output + install.errorOutput) }
        // Jupyter's runtime files (connection files) and its own data in the scratch folder, not ~.
        let environment = isolatedEnvironment(home: scratch.url, extra: [
            "JUPYTER_PATH": prefix.appendingPathComponent("share/jupyter").path,
            "JUPYTER_RUNTIME_DIR": scratch.url.appendingPathComponent("runtime").path,
            "JUPYTER_DATA_DIR": scratch.url.appendingPathComponent("data").path,
        ])
        return try await PipedRun.run(python, [folder.appendingPathComponent("Clients/\(script)").path] + arguments,
                                      input: "", environment: environment)
    }

    struct InstallFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "workbench kernel install failed: \(output)" }
    }

    /// What the prompt prints for `input` piped in (the same session a kernel has: the sandbox,
    /// and offline when asked).
    static func prompt(_ input: String, offline: Bool) async throws -> String {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try await PipedRun.run(try Binaries.workbench, offline ? ["--offline"] : [], input: input,
                                         environment: isolatedEnvironment(home: scratch.url))
        return run.output
    }

    /// A cell's outputs as the prompt would have printed them: streams as they are, each error
    /// as its traceback's lines, a display by its `text/plain`. In a notebook the text of a
    /// stream is a list of lines or a string.
    static func text(of outputs: [[String: Any]], notebook: Bool = false) -> String {
        outputs.map { output in
            let type = (notebook ? output["output_type"] : output["type"]) as? String
            let content = notebook ? output : output["content"] as? [String: Any] ?? [:]
            switch type {
            case "stream": return (content["text"] as? String) ?? (content["text"] as? [String])?.joined() ?? ""
            case "error": return ((content["traceback"] as? [String]) ?? []).map { $0 + "\n" }.joined()
            case "display_data", "execute_result":
                let plain = (content["data"] as? [String: Any])?["text/plain"]
                return (plain as? String) ?? (plain as? [String])?.joined() ?? ""
            default: return ""
            }
        }.joined()
    }

    /// `text` with each request's duration (`· 13 ms`) written `· N ms`: the one part of an
    /// exchange's status line that differs from run to run.
    static func withoutTimings(_ text: String) -> String {
        text.replacing(/· \d+(\.\d+)? (ms|s)\b/, with: "· N ms")
    }
}
