#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects output bytes in a fixed chunk and hands each full chunk to `flush`, so printing a large
/// document never holds more than one chunk beyond what the caller keeps.
///
/// While `active` is false writes are dropped: the printer keeps scanning to validate and count lines.
struct JSONByteWriter {
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0
    private let flush: (UnsafeRawBufferPointer) -> Void
    var active = true

    init(capacity: Int = 1 << 16, flush: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
        self.flush = flush
    }

    func deallocate() { buffer.deallocate() }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        guard active else { return }
        if used == capacity { drain() }
        buffer[used] = byte
        used &+= 1
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard active else { return }
        if count > capacity &- used {
            drain()
            if count > capacity {
                flush(UnsafeRawBufferPointer(start: bytes, count: count))
                return
            }
        }
        memcpy(buffer + used, bytes, count)
        used &+= count
    }

    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        guard active, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { write($0.baseAddress!, $0.count) }
    }

    /// Hands what is buffered to `flush`.
    mutating func drain() {
        if used > 0 { flush(UnsafeRawBufferPointer(start: buffer, count: used)) }
        used = 0
    }
}
