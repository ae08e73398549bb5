import Foundation
import TestSupport
import Testing

/// `workbench` killed (SIGKILL) at random moments while `save` writes a snippet.
@Suite(.serialized) struct SnippetCrashTests {
    static let steps = 40

    /// A piped session that takes step after step and saves the snippet after each one.
    static func script(_ key: String, directory: URL, versions: Bool) -> String {
        (0..<steps).map { step in
            let target = versions ? directory.appendingPathComponent("v\(step)").path : directory.path
            return "query \(key)=\(step)\nsave crash --dir \(target) --force\n"
        }.joined()
    }

    /// Every content the snippet takes in a whole run of `script(key)`, produced by the binary itself.
    static func versions(_ key: String, home: URL) async throws -> Set<Data> {
        let directory = home.appendingPathComponent("versions-\(key)")
        let run = try await PipedRun.run(
            try Binaries.workbench, input: script(key, directory: directory, versions: true),
            environment: isolatedEnvironment(home: home))
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        return try Set((0..<steps).map { try Data(contentsOf: directory.appendingPathComponent("v\($0)/crash.swift")) })
    }

    @Test func aKilledSaveLeavesTheWholeOldOrTheWholeNewSnippet() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let keys = ["a", "b"]
        var versions: [Set<Data>] = []
        for key in keys { versions.append(try await Self.versions(key, home: home.url)) }
        #expect(versions.allSatisfy { $0.count == Self.steps })
        let directory = home.url.appendingPathComponent("Snippets")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("crash.swift")
        // The run before the first holds b's last version; each run overwrites the other key's.
        try versions[1].first!.write(to: file)
        var killedWhileWriting = 0
        for run in 0..<100 {
            let before = try Data(contentsOf: file)
            let key = keys[run % 2]
            let script = Self.script(key, directory: directory, versions: false)
            let homeURL = home.url
            let ending = try await onOwnThread { try Self.runKilledAfterFirstOutput(script: script, home: homeURL) }
            #expect(ending == .uncaughtSignal)

            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            let leftovers = names.filter { $0.hasPrefix(".crash.swift.") && $0.hasSuffix(".tmp") }
            if !leftovers.isEmpty { killedWhileWriting += 1 }
            // A leftover is hidden and not a .swift file, so SwiftPM does not build it; clear it for the next run.
            for name in leftovers { try FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
            let after = try Data(contentsOf: file)
            #expect(after == before || versions[run % 2].contains(after),
                    "run \(run): the snippet is neither the old nor a new whole file:\n\(String(decoding: after, as: UTF8.self))")
        }
        print("snippet: killed 100 times, \(killedWhileWriting) of them while a temporary file was being written")
    }

    /// Runs `script` and kills the process a random moment after its first output (its first "saved").
    static func runKilledAfterFirstOutput(script: String, home: URL) throws -> Process.TerminationReason {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Binaries.workbench)
        process.environment = isolatedEnvironment(home: home)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        // After its first "saved" line, a random moment later, the process dies.
        _ = output.fileHandleForReading.availableData
        usleep(UInt32.random(in: 0...20_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason
    }
}
