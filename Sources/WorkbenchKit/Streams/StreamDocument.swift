import Foundation

/// What `decode` reads from a body made of many values: an event stream is the JSON array of its
/// events' data, NDJSON the array of its lines. A data or line that is not JSON is its text, as a
/// JSON string, so every event keeps its place.
enum StreamDocument {
    /// The array's bytes for a body of this type; nil for a body that is one document.
    static func jsonArray(of body: Data, mimeType: String?) -> Data? {
        switch StreamFormat.announced(by: mimeType) {
        case .events: return jsonArray(ServerSentEventParser.events(in: body).map(\.data))
        case .lines:
            let lines = BodyRenderer.textLines(body).filter { !$0.allSatisfy(\.isWhitespace) }
            return jsonArray(lines)
        case .raw, .hex, nil: return nil
        }
    }

    /// How many values the array holds, for the note that says what `decode` reads.
    static func count(of body: Data, mimeType: String?) -> Int? {
        switch StreamFormat.announced(by: mimeType) {
        case .events: ServerSentEventParser.events(in: body).count
        case .lines: BodyRenderer.textLines(body).filter { !$0.allSatisfy(\.isWhitespace) }.count
        case .raw, .hex, nil: nil
        }
    }

    private static func jsonArray(_ values: [String]) -> Data {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, value) in values.enumerated() {
            if index > 0 { bytes += Array(",\n".utf8) }
            let isJSON = (try? JSONDocument(parsing: Data(value.utf8), options: .foundationCompatible)) != nil
            bytes += Array((isJSON ? value : JSONString.quoted(value)).utf8)
        }
        bytes.append(UInt8(ascii: "]"))
        return Data(bytes)
    }
}
