import Foundation

/// How much of a file this process's mappings of it hold in memory, from /proc/self/smaps: what a
/// process that lets go of a mapping's pages (`madvise`) no longer counts in its resident size.
public enum MappedResidency {
    /// The resident bytes of every mapping of the file at `path` (0 when none maps it).
    public static func residentBytes(ofMappingsOf path: String) throws -> Int {
        let smaps = try ProcFile.text("/proc/self/smaps")
        var total = 0
        var inFile = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // A mapping's first line starts with its address range; its fields follow, one per line.
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                inFile = fields.count >= 6 && fields[5...].joined(separator: " ") == path
            } else if inFile, fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                total += kilobytes * 1024
            }
        }
        return total
    }
}
