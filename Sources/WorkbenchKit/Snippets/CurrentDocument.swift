#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The document `decode` and `infer` read (the last response's body, or what `json` gave), parsed
/// at most once each way and shared: the `Workbench` owns it and the model workspace borrows it,
/// so neither keeps its own copy of the bytes nor parses them again.
///
/// Once the strict parse succeeds, `data` is a view of the parse's own bytes, so the document is
/// held once (a 20 MB `json @FILE` is 20 MB, not 40: docs/ARCHITECTURE.md, "JSON documents").
public final class CurrentDocument {
    public let data: Data
    private var strictParse: Result<JSONDocument, JSONSyntaxError>?
    private var decoderParse: JSONDocument??

    /// `strict`: the bytes already parsed with `.foundationCompatible`, if they have been.
    public init(_ data: Data, strict: JSONDocument? = nil) {
        if let strict {
            self.data = strict.sharedBytes
            strictParse = .success(strict)
        } else {
            self.data = data
        }
    }

    /// `data` parsed strictly now (as `json` does, to describe it).
    public convenience init(parsing data: Data) {
        do {
            self.init(data, strict: try JSONDocument(parsing: data, options: .foundationCompatible))
        } catch {
            self.init(data, syntaxError: error)
        }
    }

    private init(_ data: Data, syntaxError: JSONSyntaxError) {
        self.data = data
        strictParse = .failure(syntaxError)
    }

    /// The copy at `path` that another process read a document through (`copying(file:into:)`),
    /// mapped shared and not parsed until something needs it; nil when it cannot be mapped.
    static func mappingShared(copy path: String) -> CurrentDocument? {
        DocumentCopy.mapShared(path).map { CurrentDocument($0) }
    }

    /// Whether `data` maps a file another process holds too (`DocumentCopy.mapShared`: a copy the
    /// REPL read, a body it wrote): pages read once may be let go (`DocumentCopy.releasePages`).
    var isSharedCopy: Bool { DocumentCopy.isSharedMapping(data) }

    /// The file at `path`, read straight into memory its strict parse then owns (no second copy
    /// while parsing either); nil when it cannot be read that way (the caller's own read then
    /// says why).
    public static func reading(file path: String) -> CurrentDocument? {
        guard let bytes = OwnedFileBytes.load(path) else { return nil }
        do {
            let tape = try JSONDocument.adopting(bytes, .foundationCompatible)
            return CurrentDocument(Data(), strict: JSONDocument(tape: tape))
        } catch {
            let data = Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count,
                            deallocator: .custom { pointer, _ in pointer.deallocate() })
            return CurrentDocument(data, syntaxError: error)
        }
    }

    /// The file at `path` copied into `folder` and mapped (`DocumentCopy`), its strict parse taking
    /// the mapping over; nil when it cannot be copied (the caller reads it another way).
    public static func copying(file path: String, into folder: URL) -> (document: CurrentDocument, copy: String)? {
        guard let (bytes, copy) = DocumentCopy.map(path, into: folder) else { return nil }
        do {
            let tape = try JSONDocument.adopting(bytes, .foundationCompatible, mapped: true)
            return (CurrentDocument(Data(), strict: JSONDocument(tape: tape)), copy)
        } catch {
            let data = Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count,
                            deallocator: .custom { pointer, count in DocumentCopy.unmap(pointer, count: count) })
            return (CurrentDocument(data, syntaxError: error), copy)
        }
    }

    /// The document parsed strictly (`.foundationCompatible`); nil when it is not valid JSON.
    public var strict: JSONDocument? {
        try? strictResult.get()
    }

    /// The strict parse, or why the bytes are not JSON.
    public var strictResult: Result<JSONDocument, JSONSyntaxError> {
        if let strictParse { return strictParse }
        let parsed = Result { () throws(JSONSyntaxError) in try JSONDocument(parsing: data, options: .foundationCompatible) }
        strictParse = parsed
        return parsed
    }

    /// The document as JSONDecoder scans it before decoding (malformed strings and numbers fail only
    /// when read, `.foundationDecoding`); a strict parse reads the same, so it is used when there is one.
    /// Nil when JSONDecoder would say the data is not valid JSON.
    public var forDecoding: JSONDocument? {
        if case .success(let strict) = strictParse { return strict }
        if let decoderParse { return decoderParse }
        let parsed = try? JSONDocument(parsing: data, options: .foundationDecoding)
        decoderParse = .some(parsed)
        return parsed
    }
}

/// A regular file's bytes in memory allocated here (never empty, so the base address exists), for
/// a tape to take over.
private enum OwnedFileBytes {
    static func load(_ path: String) -> UnsafeMutableBufferPointer<UInt8>? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        // One byte more than the size, so that a file that grew since `fstat` is noticed.
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size + 1)
        var filled = 0
        while filled <= size {
            let got = read(descriptor, bytes.baseAddress! + filled, size + 1 - filled)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        guard filled == size else {
            bytes.deallocate()
            return nil
        }
        return UnsafeMutableBufferPointer(rebasing: bytes[0..<size])
    }
}
