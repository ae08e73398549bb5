import Foundation
import WorkbenchKit

extension JSONDocument {
    /// Parses `data` as Foundation's JSONDecoder reads it (RFC 8259 plus the trailing comma it accepts);
    /// nil when JSONDecoder would say "The given data was not valid JSON."
    static func parsingLikeFoundation(_ data: Data) -> JSONDocument? {
        try? JSONDocument(parsing: data, options: .foundationCompatible)
    }
}
