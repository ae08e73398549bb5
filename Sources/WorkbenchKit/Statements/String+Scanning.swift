import Foundation

// Scanning a command line without walking it character by character or through Foundation's
// `trimmingCharacters(in:)` and `contains(_:)`, which copy the whole text through UTF-16 on
// Linux: a 5 MB pasted `json …` line paid for that several times between Enter and the prompt.

extension StringProtocol {
    /// Without leading and trailing whitespace, line breaks included (`.whitespacesAndNewlines`).
    public func trimmingWhitespace() -> String {
        trimming { $0.isWhitespace }
    }

    /// Without leading and trailing spaces and tabs, keeping line breaks (`.whitespaces`).
    public func trimmingSpaces() -> String {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// Looks only at the whitespace at each end.
    private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// Whether `needle` (not empty) occurs: compared as bytes when both are ASCII, where that is
    /// Foundation's answer too, without its copy through UTF-16 (per response, `BodyRenderer.kind`
    /// asks this of the content type); through Foundation's `contains(_:)` otherwise.
    func containsText(_ needle: String) -> Bool {
        let found: Bool?? = utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            needle.utf8.withContiguousStorageIfAvailable { pattern -> Bool? in
                guard let text = haystack.baseAddress, let wanted = pattern.baseAddress,
                      !haystack.contains(where: { $0 >= 0x80 }), !pattern.contains(where: { $0 >= 0x80 }) else { return nil }
                let count = pattern.count
                guard count > 0, haystack.count >= count else { return nil }
                for start in 0...(haystack.count - count) where memcmp(text + start, wanted, count) == 0 { return true }
                return false
            } ?? nil
        }
        if let found = found ?? nil { return found }
        return contains(needle)
    }

    /// Whether the UTF-8 byte `first` occurs, followed by `second` when one is given.
    func containsBytes(_ first: UInt8, followedBy second: UInt8? = nil) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count, let hit = memchr(base + offset, Int32(first), buffer.count - offset) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if second == nil || (index + 1 < buffer.count && buffer[index + 1] == second) { return true }
                offset = index + 1
            }
            return false
        }
        if let found { return found }
        let bytes = Array(utf8)
        return zip(bytes.indices, bytes).contains { index, byte in
            byte == first && (second == nil || (index + 1 < bytes.count && bytes[index + 1] == second))
        }
    }
}
