import Foundation

/// The document `decode` and `infer` read (the last response's body, or what `json` gave), parsed
/// at most once each way and shared: the `Workbench` owns it and the model workspace borrows it,
/// so neither keeps its own copy of the bytes nor parses them again.
public final class CurrentDocument {
    public let data: Data
    private var strictParse: JSONDocument??
    private var decoderParse: JSONDocument??

    /// `strict`: the bytes already parsed with `.foundationCompatible` (as `json` does to describe them).
    public init(_ data: Data, strict: JSONDocument? = nil) {
        self.data = data
        if let strict { strictParse = .some(strict) }
    }

    /// The document parsed strictly (`.foundationCompatible`); nil when it is not valid JSON.
    public var strict: JSONDocument? {
        if let strictParse { return strictParse }
        let parsed = try? JSONDocument(parsing: data, options: .foundationCompatible)
        strictParse = .some(parsed)
        return parsed
    }

    /// The document as JSONDecoder scans it before decoding (malformed strings and numbers fail only
    /// when read, `.foundationDecoding`); a strict parse reads the same, so it is used when there is one.
    /// Nil when JSONDecoder would say the data is not valid JSON.
    public var forDecoding: JSONDocument? {
        if let strictParse, let strict = strictParse { return strict }
        if let decoderParse { return decoderParse }
        let parsed = try? JSONDocument(parsing: data, options: .foundationDecoding)
        decoderParse = .some(parsed)
        return parsed
    }
}
