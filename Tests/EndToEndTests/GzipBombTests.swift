import CZlib
import Foundation
import TestSupport
import Testing

/// A 1 MB response that inflates to 1 GB: `workbench` stops it with one line at `max-body`, and its
/// peak memory stays under twice the limit (URLSession on Linux inflates without any bound of its
/// own; see Sources/WorkbenchKit/Transport/PacedDelegateQueue.swift).
@Suite struct GzipBombTests {
    static let inflatedSize = 1 << 30
    static let limit = 256 << 20  // the default max-body

    @Test func aGzipBombStopsAtMaxBodyWithinTwiceTheLimit() async throws {
        let bomb = try Self.gzippedZeros(count: Self.inflatedSize)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n"
        let server = try ScriptedServer(.bytes(Array(head.utf8) + bomb))
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("wb-bomb-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }

        let run = try await PeakMemoryRun.start(
            try Binaries.workbench, ["--no-sandbox"], environment: isolatedEnvironment(home: home))
        let output = try await run.send("set timeout 120\nget \(server.url)\n", until: "max-body")
        let peak = try run.peakResidentBytes()
        let rest = try await run.finish("status\nquit\n")
        print("gzip bomb: \(bomb.count) bytes inflating to \(Self.inflatedSize); peak resident \(peak >> 20) MB, limit \(Self.limit >> 20) MB")

        let errors = output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors == ["error: response from \(server.url) exceeds max-body 256 MB; stopped reading — ask for less (a query, a page) or `set max-body SIZE`"])
        #expect(peak < 2 * Self.limit)
        // The session goes on: `status` answers (there is no response), and piped input that had a
        // failing line exits 1 at its end.
        #expect(rest.output.contains("no response yet"))
        #expect(rest.status == 1)
    }

    /// `count` zero bytes, gzip-compressed (about 1 MB per GB), deflated a megabyte at a time.
    static func gzippedZeros(count: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init2(&stream, 9, 15 + 16) == Z_OK else { throw ZlibFailure() }
        defer { deflateEnd(&stream) }
        var input = [UInt8](repeating: 0, count: 1 << 20)
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var result: [UInt8] = []
        var remaining = count
        while true {
            let chunk = min(remaining, input.count)
            remaining -= chunk
            let flush = remaining == 0 ? Z_FINISH : Z_NO_FLUSH
            var status = Z_OK
            input.withUnsafeMutableBufferPointer { inputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(chunk)
                repeat {
                    output.withUnsafeMutableBufferPointer { outputBuffer in
                        stream.next_out = outputBuffer.baseAddress
                        stream.avail_out = uInt(outputBuffer.count)
                        status = deflate(&stream, flush)
                        result += outputBuffer.prefix(outputBuffer.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw ZlibFailure() }
            if remaining == 0 { return result }
        }
    }

    struct ZlibFailure: Error {}
}
