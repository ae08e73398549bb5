// Writes the bench's photo-like JSON array: `generate-photos FILE [BYTES]` (default 20,000,000).
// Compiled together with ../../Benchmarks/JSONBenchmarks/PhotoDocument.swift.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: generate-photos FILE [BYTES]\n".utf8))
    exit(2)
}
let size = arguments.count > 2 ? Int(arguments[2]) ?? 20_000_000 : 20_000_000
let bytes = PhotoDocument.make(minimumBytes: size)
do {
    try Data(bytes).write(to: URL(fileURLWithPath: arguments[1]))
} catch {
    FileHandle.standardError.write(Data("error: cannot write '\(arguments[1])': \(error)\n".utf8))
    exit(1)
}
