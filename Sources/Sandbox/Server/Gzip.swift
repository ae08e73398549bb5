import CZlib

/// gzip (RFC 1952) through the system zlib, for routes declared `compressed` (and zlib's own wrapper for `/image/png`).
enum Gzip {
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "zlib failed with code \(code)" }
    }

    /// `input` deflated in gzip's wrapper, or (`zlibWrapper`) in zlib's, as a PNG's data is.
    static func compress(_ input: [UInt8], zlibWrapper: Bool = false) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 window bits + 16 asks zlib for the gzip wrapper instead of the zlib one.
        let initStatus = czlib_deflate_init2(&stream, Z_DEFAULT_COMPRESSION, zlibWrapper ? 15 : 15 + 16)
        guard initStatus == Z_OK else { throw Failure(code: initStatus) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
        var mutableInput = input
        let status = mutableInput.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Failure(code: status) }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }
}

extension SandboxResponse {
    /// The same answer with its body gzip-compressed and `Content-Encoding: gzip` (a route declared
    /// `compressed`); a 500 when there is nothing whole to compress or zlib fails.
    func gzipped() -> SandboxResponse {
        guard let bytes = bodyBytes, let compressed = try? Gzip.compress(bytes) else {
            return .error(500, "gzip compression failed")
        }
        var copy = self
        copy.headers.append(("Content-Encoding", "gzip"))
        copy.body = .bytes(compressed)
        return copy
    }
}
