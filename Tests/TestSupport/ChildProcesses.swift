import Foundation

/// The processes a program under test started, read from /proc.
public enum ChildProcesses {
    /// The children of `pid`, from every thread's list (a child belongs to the thread that started it).
    public static func of(_ pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            let children = (try? ProcFile.text("/proc/\(pid)/task/\(task)/children")) ?? ""
            return children.split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// Whether `pid` runs: a zombie has ended, only its parent's wait is missing.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? ProcFile.text("/proc/\(pid)/stat") else { return false }
        return !stat.contains(") Z ")
    }
}
