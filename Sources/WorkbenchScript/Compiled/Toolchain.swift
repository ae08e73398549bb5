import Foundation

/// The installed Swift toolchain and the WorkbenchKit a compiled input imports, found on the first
/// compiled input (never at start-up).
struct Toolchain {
    /// What is started for each input: the compiler frontend in immediate mode (one process, no
    /// driver in front of it) or, failing that, the `swift` driver.
    let executable: String
    /// The arguments, with `Toolchain.sourcePlaceholder` where the program's path goes.
    let arguments: [String]
    /// Variables the driver would set for the frontend (`LD_LIBRARY_PATH`).
    let environment: [String: String]

    static let sourcePlaceholder = "__WORKBENCH_PROGRAM__.swift"
    static let kitLibrary = "WorkbenchKitDynamic"
    static let resultsLibrary = "ResultsLog"

    /// Finds `swift` (`$WORKBENCH_SWIFT`, else on `PATH`) and the WorkbenchKit module and library in
    /// `kitDirectory`, and asks the driver once what it would run. The compiler's module cache is the
    /// user's own (the one `swift FILE` uses): a cache per session made its first input 3 s slower.
    /// With `resultsColumn`, programs are compiled with the playground transform and link ResultsLog
    /// (found beside WorkbenchKit), which receives the transform's calls.
    static func discover(kitDirectory: URL, moduleName: String = "main", resultsColumn: Bool = false,
                         languageMode: SwiftLanguageMode = .swift5, linking linked: [LinkedModule] = [],
                         environment: [String: String]) throws(CompiledSetupError) -> Toolchain {
        guard let swift = swiftExecutable(environment: environment) else { throw .noToolchain }
        let modules = kitDirectory.appendingPathComponent("Modules")
        let module = modules.appendingPathComponent("WorkbenchKit.swiftmodule")
        let library = kitDirectory.appendingPathComponent("lib\(kitLibrary).so")
        let files = FileManager.default
        guard files.fileExists(atPath: module.path), files.fileExists(atPath: library.path) else {
            throw .noKit(kitDirectory.path)
        }
        var flags = [
            "-swift-version", languageMode.version, "-module-name", moduleName,
            "-I", modules.path, "-L", kitDirectory.path, "-l\(kitLibrary)",
            "-suppress-warnings", "-diagnostic-style", "llvm",
        ] + linked.flatMap(\.searchFlags)
        if resultsColumn {
            guard files.fileExists(atPath: modules.appendingPathComponent("\(resultsLibrary).swiftmodule").path),
                  files.fileExists(atPath: kitDirectory.appendingPathComponent("lib\(resultsLibrary).so").path)
            else { throw .noResultsLog(kitDirectory.path) }
            flags += ["-Xfrontend", "-playground", "-l\(resultsLibrary)"]
        }
        if let frontend = frontendInvocation(swift: swift, flags: flags, environment: environment) { return frontend }
        return Toolchain(executable: swift, arguments: flags + [sourcePlaceholder], environment: [:])
    }

    /// The arguments for one program.
    func arguments(for program: URL) -> [String] {
        arguments.map { $0 == Self.sourcePlaceholder ? program.path : $0 }
    }

    static func swiftExecutable(environment: [String: String]) -> String? {
        let files = FileManager.default
        if let chosen = environment["WORKBENCH_SWIFT"], !chosen.isEmpty {
            return files.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/swift"
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `swift -### …` prints the frontend's command line (and the variables it sets); starting the
    /// frontend directly saves the driver's process on every input.
    private static func frontendInvocation(swift: String, flags: [String], environment: [String: String]) -> Toolchain? {
        guard let process = try? ChildProcess(executable: swift, arguments: ["-###"] + flags + [sourcePlaceholder], environment: environment)
        else { return nil }
        var output: [UInt8] = []
        var open = 2
        while open > 0 {
            var descriptors = [pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: process.errors, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 2, 1000)
            open = 0
            if let bytes = ChildProcess.readAvailable(process.output) { output += bytes; open += 1 }
            if ChildProcess.readAvailable(process.errors) != nil { open += 1 }
        }
        guard process.exitStatus(wait: true) == 0 else { return nil }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard lines.count == 1, let line = lines.first else { return nil }  // one job: the interpreter
        let (command, environmentText) = line.range(of: " # ").map { (line[..<$0.lowerBound], line[$0.upperBound...]) } ?? (line[...], "")
        let words = ShellWords.split(String(command))
        guard let executable = words.first, words.contains("-interpret"), words.contains(sourcePlaceholder),
              FileManager.default.isExecutableFile(atPath: executable)
        else { return nil }
        return Toolchain(executable: executable, arguments: Array(words.dropFirst()),
                         environment: driverVariables(String(environmentText)))
    }

    /// `ProcessEnvironmentKey(value: "LD_LIBRARY_PATH")=/opt/swift/usr/lib/swift/linux` pairs.
    private static func driverVariables(_ text: String) -> [String: String] {
        var variables: [String: String] = [:]
        var rest = Substring(text)
        while let open = rest.range(of: "(value: \""), let close = rest.range(of: "\")=", range: open.upperBound..<rest.endIndex) {
            let value = rest[close.upperBound...].prefix { !$0.isWhitespace }
            variables[String(rest[open.upperBound..<close.lowerBound])] = String(value)
            rest = rest[value.endIndex...]
        }
        return variables
    }
}

/// Splits a command line as a shell would for plain words, double and single quotes, backslashes.
enum ShellWords {
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}

/// Why compiled input cannot run at all: one line naming what is needed.
enum CompiledSetupError: Error, Equatable, CustomStringConvertible {
    case noToolchain
    case noKit(String)
    case noResultsLog(String)
    case noHost(String)
    case sessionDirectory(String)

    var description: String {
        switch self {
        case .noToolchain:
            "this input needs the Swift compiler, and no Swift toolchain was found: install Swift 6 (`swift` on PATH) or set WORKBENCH_SWIFT to its `swift`"
        case .noKit(let directory):
            "this input needs WorkbenchKit built as a shared library (libWorkbenchKitDynamic.so and Modules/WorkbenchKit.swiftmodule) in \(directory): run `make build` (or `swift build`) in the Workbench package"
        case .noResultsLog(let directory):
            "the results column needs ResultsLog built as a shared library (libResultsLog.so and Modules/ResultsLog.swiftmodule) in \(directory): run `make build` (or `swift build`) in the Workbench package"
        case .noHost(let directory):
            "this input needs the Swift host (workbench-host) in \(directory): run `make build` (or `swift build`) in the Workbench package"
        case .sessionDirectory(let reason):
            "cannot make a private directory for compiled input: \(reason)"
        }
    }
}
