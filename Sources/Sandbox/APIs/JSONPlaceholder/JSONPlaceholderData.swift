/// JSONPlaceholder's `data.json`: one array of records per resource, read once on first use.
struct JSONPlaceholderData: Sendable {
    let resources: [String: [JSONRecord]]
    /// The file's own bytes, served whole for `/db`.
    let bytes: [UInt8]

    /// Read on first access; a Swift static is initialised once, thread-safely.
    static let shared: Result<JSONPlaceholderData, SandboxDataError> = Result { () throws(SandboxDataError) in
        try load()
    }

    static func load() throws(SandboxDataError) -> JSONPlaceholderData {
        let path = "jsonplaceholder/data.json"
        let (document, root) = try SandboxDataFile.document(path)
        do {
            var resources: [String: [JSONRecord]] = [:]
            for member in try document.objectMembers(in: root) {
                resources[member.key] = try JSONRecord.records(in: document, array: member.value)
            }
            return JSONPlaceholderData(resources: resources, bytes: document.bytes)
        } catch {
            throw .unreadable(path, error.description)
        }
    }

    /// The next id a created record gets, as the real service answers (`101` for posts).
    func nextID(of resource: String) -> Int {
        (resources[resource]?.compactMap(\.id).max() ?? 0) + 1
    }
}

/// json-server's layout of records: two-space indentation, one record after another.
enum JSONPlaceholderLayout {
    /// One record, as `GET /posts/1` prints it.
    static func single(_ record: JSONRecord) -> [UInt8] {
        JSONLayout.reindented(record.bytes, removing: record.column, adding: 0)
    }

    /// A list of records, as `GET /posts` prints it.
    static func list(_ records: [JSONRecord]) -> [UInt8] {
        guard !records.isEmpty else { return Array("[]".utf8) }
        var out: [UInt8] = [UInt8(ascii: "["), 0x0A]
        for (index, record) in records.enumerated() {
            if index > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
            out.append(contentsOf: JSONLayout.reindented(record.bytes, removing: record.column, adding: 2))
        }
        out.append(contentsOf: [0x0A, UInt8(ascii: "]")])
        return out
    }

    /// An object built from members whose values are raw JSON bytes (a record's or a request body's).
    static func object(_ members: [(key: String, value: [UInt8])]) -> [UInt8] {
        JSONValue.object(members.map { ($0.key, JSONValue.raw($0.value)) }).rendered(pretty: true)
    }

    /// A record member's value bytes, re-indented to sit one level deep in `object(_:)`'s output.
    static func memberValue(_ record: JSONRecord, _ range: Range<Int>) -> [UInt8] {
        JSONLayout.reindented(record.document.bytes[range], removing: record.column, adding: 0)
    }
}
