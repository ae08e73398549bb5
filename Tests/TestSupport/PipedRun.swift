import Foundation

/// The result of running a program with piped standard input.
public struct PipedRun: Sendable {
    public let status: Int32
    public let output: String
    public let errorOutput: String

    /// Runs `executable` with `input` on a pipe and returns what it printed (waiting on a thread of
    /// its own, never on the cooperative pool: see `onOwnThread`).
    public static func run(
        _ executable: String, _ arguments: [String] = [], input: String, environment: [String: String]
    ) async throws -> PipedRun {
        try await run(executable, arguments, input: Data(input.utf8), environment: environment)
    }

    /// The same with bytes for input, which need not be UTF-8.
    public static func run(
        _ executable: String, _ arguments: [String] = [], input: Data, environment: [String: String]
    ) async throws -> PipedRun {
        try await onOwnThread { try runBlocking(executable, arguments, input: input, environment: environment) }
    }

    private static func runBlocking(
        _ executable: String, _ arguments: [String], input: Data, environment: [String: String]
    ) throws -> PipedRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        // The semaphore both waits for the second reader and publishes what it read to this thread.
        let errorData = FileHandle(fileDescriptor: stderr.fileHandleForReading.fileDescriptor)
        nonisolated(unsafe) var errorBytes = Data()
        let errorRead = DispatchSemaphore(value: 0)
        Thread {
            errorBytes = errorData.readDataToEndOfFile()
            errorRead.signal()
        }.start()
        let outputBytes = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorRead.wait()
        return PipedRun(
            status: process.terminationStatus,
            output: String(decoding: outputBytes, as: UTF8.self),
            errorOutput: String(decoding: errorBytes, as: UTF8.self))
    }
}

/// Where the children's compilers keep their module cache, kept between test runs (clang's cache
/// takes concurrent compilers, each module built under a lock, and checks what it holds is current).
/// It is in the package's `.build`, beside what it caches, so that the tests leave nothing in /tmp.
public let sharedCompilerCache: URL = {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = package.appendingPathComponent(".build/test-compiler-cache")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

/// An environment for a child `workbench` whose history and state live in `home`.
public func isolatedEnvironment(home: URL, extra: [String: String] = [:]) -> [String: String] {
    var environment = [
        "HOME": home.path,
        "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        // The compiler's module cache is shared by every child the tests start: built once, not
        // once per `HOME` (about 1.5 s of CPU for each child that compiles Swift). What a user's
        // first input costs with a cold cache is measured by `make bench`, not here.
        "XDG_CACHE_HOME": sharedCompilerCache.path,
        // The user's PATH: Swift typed at the prompt that the fast path does not cover needs the toolchain.
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    ]
    // `make test`'s own temporary folder (Makefile), removed when the tests end: the children's
    // scratch folders and their compilers' temporary files go there too.
    if let temporary = ProcessInfo.processInfo.environment["TMPDIR"] { environment["TMPDIR"] = temporary }
    environment.merge(extra) { $1 }
    return environment
}
