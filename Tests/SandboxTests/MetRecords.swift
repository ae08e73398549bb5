import Foundation

/// The Met object records read straight from the data folder with JSONSerialization, apart from the
/// sandbox's own reader and index, so tests can say which records a search should find.
struct MetRecords: Sendable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Sandbox/Data/metmuseum").standardized

    /// Records by objectID, and each file's bytes.
    let records: [Int: [String: any Sendable]]
    let bytes: [Int: Data]

    static let shared: MetRecords = {
        let objects = folder.appendingPathComponent("objects")
        var records: [Int: [String: any Sendable]] = [:]
        var bytes: [Int: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: objects.path)) ?? [] where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: objects.appendingPathComponent(name).path),
                  let record = try? JSONSerialization.jsonObject(with: data) as? [String: any Sendable],
                  let id = record["objectID"] as? Int
            else { continue }
            records[id] = record
            bytes[id] = data
        }
        return MetRecords(records: records, bytes: bytes)
    }()

    /// The words of a field's strings (arrays of objects such as `tags` give every string inside), lowercased,
    /// accents removed, split at anything that is not a letter or digit.
    func words(of id: Int, fields: [String]? = nil) -> Set<String> {
        guard let record = records[id] else { return [] }
        let values = fields.map { $0.compactMap { record[$0] } } ?? Array(record.values)
        var strings: [String] = []
        func collect(_ value: Any) {
            if let text = value as? String { strings.append(text) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { object.values.forEach(collect) }
        }
        values.forEach(collect)
        let folded = strings.joined(separator: " ")
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        return Set(folded.components(separatedBy: CharacterSet.alphanumerics.inverted).filter { !$0.isEmpty })
    }

    /// Whether a record holds `term` as a word, singular or plural, in `fields` (all its strings when nil).
    func holds(_ id: Int, _ term: String, in fields: [String]? = nil) -> Bool {
        let words = words(of: id, fields: fields)
        let term = term.lowercased()
        let singular = term.hasSuffix("s") ? String(term.dropLast()) : term
        return [term, singular, singular + "s", singular + "es"].contains(where: words.contains)
    }

    /// The ids of records that hold `term` in `fields`.
    func ids(holding term: String, in fields: [String]) -> Set<Int> {
        Set(records.keys.filter { holds($0, term, in: fields) })
    }

    func string(_ id: Int, _ field: String) -> String {
        records[id]?[field] as? String ?? ""
    }
}
