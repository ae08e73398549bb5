import Synchronization
import WorkbenchKit

/// JSONPlaceholder's `data.json`: one array of records per resource, each read on its first use.
final class JSONPlaceholderData: Sendable {
    /// The file's own bytes, served whole for `/db`.
    let bytes: [UInt8]
    private let source: JSONSource
    /// Each resource's array in the file, by name, in file order.
    private let arrays: [(name: String, node: JSONNode)]
    private let parsed = Mutex<[String: [JSONRecord]]>([:])

    /// Read on first access; a Swift static is initialised once, thread-safely.
    static let shared: Result<JSONPlaceholderData, SandboxDataError> = Result { () throws(SandboxDataError) in
        try load()
    }

    static let path = "jsonplaceholder/data.json"

    private init(source: JSONSource, arrays: [(name: String, node: JSONNode)]) {
        self.source = source
        self.bytes = source.bytes
        self.arrays = arrays
    }

    static func load() throws(SandboxDataError) -> JSONPlaceholderData {
        let source = try SandboxDataFile.document(path)
        guard source.root.isObject else {
            throw .unreadable(path, JSONShapeError(expected: .object, found: source.root.kind).description)
        }
        return JSONPlaceholderData(source: source, arrays: source.root.members.map { ($0.key, $0.value) })
    }

    /// The resource names, in file order.
    var resourceNames: [String] { arrays.map(\.name) }

    /// The records of a resource (`posts`), or nil when there is no such resource.
    func records(_ resource: String) throws(SandboxDataError) -> [JSONRecord]? {
        if let cached = parsed.withLock({ $0[resource] }) { return cached }
        guard let array = arrays.first(where: { $0.name == resource }) else { return nil }
        do {
            let records = try JSONRecord.records(in: source, array: array.node)
            parsed.withLock { $0[resource] = records }
            return records
        } catch {
            throw .unreadable(Self.path, error.description)
        }
    }

    /// The next id a created record gets, as the real service answers (`101` for posts).
    func nextID(of resource: String) throws(SandboxDataError) -> Int {
        ((try records(resource))?.compactMap(\.id).max() ?? 0) + 1
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
        list(records.map { ($0.bytes, $0.column) })
    }

    /// A list of printed objects (each starting at column 0), as `GET /posts?_embed=comments` prints it.
    static func list(printed objects: [[UInt8]]) -> [UInt8] {
        list(objects.map { ($0[...], 0) })
    }

    private static func list(_ items: [(bytes: ArraySlice<UInt8>, column: Int)]) -> [UInt8] {
        guard !items.isEmpty else { return Array("[]".utf8) }
        var out: [UInt8] = [UInt8(ascii: "["), 0x0A]
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
            out.append(contentsOf: JSONLayout.reindented(item.bytes, removing: item.column, adding: 2))
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
        JSONLayout.reindented(record.source.bytes[range], removing: record.column, adding: 0)
    }
}
