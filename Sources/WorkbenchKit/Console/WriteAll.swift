import Foundation

/// Writes all of `bytes` to `descriptor`, again after a signal interrupts it; false when the other
/// end is gone (a closed pipe: nothing more can be written). The one such loop of WorkbenchKit:
/// the console's output and the host's results records go through it.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}
