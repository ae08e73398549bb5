import Foundation

/// What a replay of snippets found, for CI (`replay … --check --junit FILE`, `--tap FILE`): one
/// case per snippet, in the order they ran. `JUnitReport` and `TAPReport` write it.
public struct CheckReport: Equatable, Sendable {
    /// A statement that failed: its line in the snippet, the one line that said why
    /// (`StepFailureLine`, without `error:`), and the statement.
    public struct Failure: Equatable, Sendable {
        public var line: Int
        public var message: String
        public var source: String

        public init(line: Int, message: String, source: String) {
            self.line = line
            self.message = message
            self.source = source
        }
    }

    /// How one snippet's replay ended.
    public enum Result: Equatable, Sendable {
        case passed
        /// Statements failed (with `--check`, only the first: the replay stopped there).
        case failed([Failure])
        /// The snippet did not run: its file is missing or does not parse.
        case error(String)
        /// The snippet did not run because the replay was stopped before it.
        case skipped(String)
    }

    /// One snippet: its name (the file's base name), its file as the user sees it, its folder (a
    /// JUnit class name), how long it took and how it ended.
    public struct Case: Equatable, Sendable {
        public var name: String
        public var file: String
        public var folder: String
        public var seconds: Double
        public var result: Result

        public init(file: String, seconds: Double = 0, result: Result) {
            let path = file as NSString
            name = (path.lastPathComponent as NSString).deletingPathExtension
            folder = path.deletingLastPathComponent.isEmpty ? "." : path.deletingLastPathComponent
            self.file = file
            self.seconds = seconds
            self.result = result
        }

        public var failures: [Failure] {
            if case .failed(let failures) = result { failures } else { [] }
        }

        /// Whether the snippet ran to its end with no statement failing.
        public var passed: Bool { result == .passed }
    }

    public var cases: [Case] = []
    /// When the run started, and on which machine (JUnit's `timestamp` and `hostname`).
    public var started: Date
    public var hostname: String

    public init(started: Date = Date(), hostname: String = CheckReport.machineName) {
        self.started = started
        self.hostname = hostname
    }

    /// This machine's name, as `hostname` prints it (Foundation's `hostName` may ask the resolver).
    public static var machineName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    public var failedCount: Int { cases.count { if case .failed = $0.result { true } else { false } } }
    public var errorCount: Int { cases.count { if case .error = $0.result { true } else { false } } }
    public var skippedCount: Int { cases.count { if case .skipped = $0.result { true } else { false } } }
    public var seconds: Double { cases.reduce(0) { $0 + $1.seconds } }
}
