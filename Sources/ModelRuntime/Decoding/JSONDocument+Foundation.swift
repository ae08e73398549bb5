import Foundation
import WorkbenchKit

extension JSONDocument {
    /// Parses `data` as Foundation's JSONDecoder scans it before decoding (RFC 8259 structure plus the
    /// trailing comma it accepts; strings and numbers checked when read, see `.deferredValueChecks`);
    /// nil when JSONDecoder would say "The given data was not valid JSON." whatever the type.
    static func parsingLikeFoundation(_ data: Data) -> JSONDocument? {
        try? JSONDocument(parsing: data, options: .foundationDecoding)
    }
}
