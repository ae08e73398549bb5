import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
import ToolProcesses
#endif

/// The Swift host program (`workbench-host`), started in a process group of its own: killing the
/// group (a trap, Ctrl-C, too much memory) never touches the REPL, and the terminal's Ctrl-C reaches
/// only the REPL, which forwards it.
///
/// Started by hand, not through swift-subprocess (which runs every other program: `ToolRun`),
/// because the host answers on descriptor 3 (Sources/WorkbenchHost/main.c). swift-subprocess 1.0.2
/// passes a child only descriptors 0-2: its spawn closes every other one (`closefrom`), and on Linux
/// its `PlatformOptions` has no `preSpawnProcessConfigurator` (Darwin's only) through which a
/// `dup2` onto 3 could be added (docs/ARCHITECTURE.md, "Processes").
final class HostProcess {
    let pid: pid_t
    /// Read ends of the host's standard output and error (non-blocking).
    let output: Int32
    let errors: Int32
    /// The write end of the host's standard input (blocking), and the read end of its descriptor 3,
    /// where it answers (non-blocking).
    let commands: Int32
    let answers: Int32

    /// Starts `executable` with exactly `environment`.
    init(executable: String, environment: [String: String]) throws(SpawnError) {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        var commandPipe: [Int32] = [-1, -1]
        var answerPipe: [Int32] = [-1, -1]
        func closeAll() {
            for end in outputPipe + errorPipe + commandPipe + answerPipe where end >= 0 { close(end) }
        }
        guard Self.makePipe(&outputPipe), Self.makePipe(&errorPipe), Self.makeSocketPair(&commandPipe), Self.makePipe(&answerPipe) else {
            let code = errno
            closeAll()
            throw SpawnError(executable: executable, code: code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commandPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, answerPipe[1], 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGPIPE, SIGTERM, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = [strdup(executable), nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        for end in [outputPipe[1], errorPipe[1], commandPipe[0], answerPipe[1]] { close(end) }
        guard status == 0 else {
            for end in [outputPipe[0], errorPipe[0], commandPipe[1], answerPipe[0]] { close(end) }
            throw SpawnError(executable: executable, code: status)
        }
        self.pid = pid
        output = outputPipe[0]
        errors = errorPipe[0]
        commands = commandPipe[1]
        answers = answerPipe[0]
        for descriptor in [output, errors, answers] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    /// A pipe whose ends are closed in programs this process starts (the child gets copies by dup2).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// A connected pair of sockets for the host's standard input: writing to a host that is gone
    /// then fails with EPIPE (`MSG_NOSIGNAL`) instead of killing the REPL with SIGPIPE.
    private static func makeSocketPair(_ ends: inout [Int32]) -> Bool {
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    }

    deinit {
        for descriptor in [output, errors, commands, answers] { close(descriptor) }
    }

    /// Writes `text` to the host's standard input; false when it is gone. `send` with
    /// `MSG_NOSIGNAL`, not swift-system's `FileDescriptor.writeAll`: `write` raises SIGPIPE on a
    /// closed peer, and the REPL does not ignore it (only swift-nio does, once the sandbox starts).
    func send(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(commands, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Asks the host to stop the input that runs, where the input's own code runs (STOP_INPUT_SIGNAL
    /// in Sources/WorkbenchHost/host.h).
    static let stopInputSignal = SIGUSR1

    /// Kills the whole group at once (the host and anything its inputs started).
    func killGroup() {
        kill(-pid, SIGKILL)
    }

    /// The exit status once the process has ended (`nil` while it runs); reaps it.
    func exitStatus(wait: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
            if result == pid { return status }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Resident memory of the process and its children, in bytes (from /proc).
    func residentBytes() -> Int {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var total = 0
        var pending = [pid]
        var seen = 0
        while let next = pending.popLast(), seen < 64 {
            seen += 1
            if let statm = try? String(contentsOfFile: "/proc/\(next)/statm", encoding: .utf8) {
                let fields = statm.split(separator: " ")
                if fields.count > 1, let pages = Int(fields[1]) { total += pages * pageSize }
            }
            if let children = try? String(contentsOfFile: "/proc/\(next)/task/\(next)/children", encoding: .utf8) {
                pending += children.split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return total
    }

    /// Reads what is available now from `descriptor` (non-blocking); nil at end of file.
    static func readAvailable(_ descriptor: Int32) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try FileDescriptor(rawValue: descriptor).read(into: $0) }
            } catch {
                return result  // EAGAIN: nothing more for now
            }
            if count == 0 { return result.isEmpty ? nil : result }
            result.append(contentsOf: buffer[0..<count])
        }
    }
}
