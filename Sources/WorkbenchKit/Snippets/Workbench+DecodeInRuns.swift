import Foundation

/// `decode [T]` of an earlier input run again in the Swift host, a run of elements at a time.
///
/// JSONDecoder scans the whole document into a map before it decodes anything; for an array of
/// records the map is larger than the document (a quarter of the host's peak memory for
/// Benchmarks/README.md's figure 6 photos, before this). Decoding runs of about
/// `runBytes` of the same array, each its own small document, keeps that map small. The same JSONDecoder decodes every element in an array as in the whole document, so
/// the value is the same; what differs is only the index in `codingPath` (counted within the run),
/// which a synthesized `init(from:)` reads only to word an error. So this is used only while an
/// earlier input runs again (it succeeded when it first ran), with no `.custom` strategy (those
/// see the path), and any error decodes the whole document instead, for JSONDecoder's own error.
extension Workbench {
    static let runBytes = 256 << 10

    /// `data` decoded as `T` a run at a time when `T` is an array and `data` one; nil otherwise.
    /// `releasingPages`: `data` is a `DocumentCopy.mapShared` mapping, whose pages are let go once
    /// their runs are decoded, so the document is not resident here as well as in the REPL (or,
    /// for a body the REPL wrote, in the page cache).
    static func decodeInRuns<T: Decodable>(_ type: T.Type, from data: Data, with decoder: JSONDecoder,
                                           releasingPages: Bool = false) throws -> T? {
        guard let arrayType = T.self as? any DecodableInRuns.Type else { return nil }
        if case .custom = decoder.keyDecodingStrategy { return nil }
        if case .custom = decoder.dateDecodingStrategy { return nil }
        guard let chunks = data.withUnsafeBytes({ JSONArrayChunks($0, size: runBytes) }) else { return nil }
        return try arrayType.decode(runs: chunks, of: data, with: decoder, releasingPages: releasingPages) as? T
    }
}

/// An array whose runs of elements `Workbench.decodeInRuns` decodes apart.
protocol DecodableInRuns {
    static func decode(runs: JSONArrayChunks, of data: Data, with decoder: JSONDecoder, releasingPages: Bool) throws -> Self
}

extension Array: DecodableInRuns where Element: Decodable {
    static func decode(runs: JSONArrayChunks, of data: Data, with decoder: JSONDecoder, releasingPages: Bool) throws -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(runs.count)
        var run = Data()
        var released = 0
        for range in runs.runs {
            run.removeAll(keepingCapacity: true)
            run.append(UInt8(ascii: "["))
            data.withUnsafeBytes { raw in
                let part = UnsafeRawBufferPointer(rebasing: raw[range])
                run.append(part.baseAddress!.assumingMemoryBound(to: UInt8.self), count: part.count)
                if releasingPages {
                    DocumentCopy.releasePages(of: raw, from: released, to: range.upperBound)
                    released = range.upperBound
                }
            }
            run.append(UInt8(ascii: "]"))
            elements.append(contentsOf: try decoder.decode([Element].self, from: run))
        }
        return elements
    }
}
