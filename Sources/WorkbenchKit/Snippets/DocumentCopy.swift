#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What one `json(file:)` read: the path as given, and the private copy of the file it read the
/// bytes through (nil: read into memory). The REPL records these with the step, so that the Swift
/// host, catching up on it, maps the very bytes the REPL read instead of reading the file again
/// (docs/ARCHITECTURE.md, "The Swift host").
public struct DocumentRead: Sendable, Equatable {
    public let path: String
    public let copy: String?

    public init(path: String, copy: String?) {
        self.path = path
        self.copy = copy
    }
}

/// A regular file copied into a private folder and mapped read-only, for a tape to take over.
///
/// The copy is made by the kernel (`sendfile`, page cache to page cache: no buffer here) and is
/// never written again, so the mapping cannot change under a tape (the user's own file could be
/// edited or truncated, which would fault a mapping of it). The REPL and the Swift host map the
/// same copy: the document's bytes are in memory once, not once per process and once more in
/// each process's read buffer.
enum DocumentCopy {
    /// The file at `path` copied into a new file in `folder` and mapped; nil when that cannot be
    /// done (an empty file, another kind of file, a file that changed size while copied, no room).
    static func map(_ path: String, into folder: URL) -> (bytes: UnsafeMutableBufferPointer<UInt8>, copy: String)? {
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return nil }
        defer { close(source) }
        var status = stat()
        guard fstat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        var template = Array(folder.appendingPathComponent("document-XXXXXX").path.utf8CString)
        let target = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard target >= 0 else { return nil }
        defer { close(target) }
        let copy = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // One byte more than the size is asked for, so that a file that grew since `fstat` is noticed.
        guard copyAll(from: source, to: target, upTo: size + 1) == size,
              let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, target, 0), base != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            unlink(copy)
            return nil
        }
        return (UnsafeMutableBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size), copy)
    }

    static func unmap(_ base: UnsafeMutableRawPointer, count: Int) {
        munmap(base, count)
    }

    /// A file the other process wrote and never writes again (a copy made by `map(_:into:)`, a
    /// body `BinaryWriter` wrote), mapped shared and read-only: nil when it cannot be.
    static func mapShared(_ path: String) -> Data? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_size > 0,
              let base = mmap(nil, Int(status.st_size), PROT_READ, MAP_SHARED, file, 0), base != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        lock.withLock { sharedMappings[Int(bitPattern: base)] = Int(status.st_size) }
        return Data(bytesNoCopy: base, count: Int(status.st_size), deallocator: .custom { pointer, count in
            // Forgotten before it is unmapped: a new mapping may take the address at once.
            lock.withLock { sharedMappings[Int(bitPattern: pointer)] = nil }
            munmap(pointer, count)
        })
    }

    /// The mappings `mapShared` made, by address, with their sizes: a `Data` over the whole of one
    /// may let its pages go (`releasePages`), whoever holds it (a document, a response body).
    nonisolated(unsafe) private static var sharedMappings: [Int: Int] = [:]
    private static let lock = NSLock()

    /// Whether `data` is the whole of a `mapShared` mapping.
    static func isSharedMapping(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return lock.withLock { sharedMappings[Int(bitPattern: base)] == raw.count }
        }
    }

    /// Lets go of the resident pages of a mapping made here (`map` or `mapShared`: read-only, of a
    /// file never written again) that lie wholly before `end` (from the page holding `start`, which
    /// the caller is done with too): they stay in the page cache, and a later read maps them again
    /// from there. A process parsing or decoding the copy from start to end then never holds it all
    /// at once as well as the values it makes. Never for memory that is not such a mapping: there
    /// the pages would come back zeroed.
    static func releasePages(of bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let base = bytes.baseAddress, page > 0 else { return }
        let first = (Int(bitPattern: base) + start) / page * page
        let last = (Int(bitPattern: base) + end) / page * page
        guard last > first else { return }
        madvise(UnsafeMutableRawPointer(bitPattern: first), last - first, Int32(MADV_DONTNEED))
    }

    /// Copies until the end of `source` or `limit` bytes; the count copied, or nil on an error.
    private static func copyAll(from source: Int32, to target: Int32, upTo limit: Int) -> Int? {
        var copied = 0
        while copied < limit {
            let sent = sendfile(target, source, nil, limit - copied)
            if sent < 0 && errno == EINTR { continue }
            if sent < 0 { return copied == 0 ? readAndWrite(from: source, to: target, upTo: limit) : nil }
            if sent == 0 { break }
            copied += sent
        }
        return copied
    }

    /// Where `sendfile` cannot copy between the two files: through a small buffer.
    private static func readAndWrite(from source: Int32, to target: Int32, upTo limit: Int) -> Int? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        var copied = 0
        while copied < limit {
            let got = read(source, buffer.baseAddress!, min(buffer.count, limit - copied))
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            var written = 0
            while written < got {
                let put = write(target, buffer.baseAddress! + written, got - written)
                if put < 0 && errno == EINTR { continue }
                if put <= 0 { return nil }
                written += put
            }
            copied += got
        }
        return copied
    }
}
