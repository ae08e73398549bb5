/// json-server's `_embed` (children, `/posts?_embed=comments`) and `_expand` (parent, `/comments?_expand=post`).
struct JSONPlaceholderRelations {
    let embed: [String]
    let expand: [String]

    init(_ request: SandboxRequest) {
        let split = { (name: String) in
            request.queryValues(name).flatMap { $0.split(separator: ",").map(String.init) }
        }
        embed = split("_embed")
        expand = split("_expand")
    }

    var isEmpty: Bool { embed.isEmpty && expand.isEmpty }

    /// The records of `resource` as json-server prints them: a list, with the related records added to each.
    func list(_ records: [JSONRecord], of resource: String, data: JSONPlaceholderData) throws(SandboxDataError) -> [UInt8] {
        guard !isEmpty else { return JSONPlaceholderLayout.list(records) }
        var printed: [[UInt8]] = []
        for record in records { printed.append(try single(record, of: resource, data: data)) }
        return JSONPlaceholderLayout.list(printed: printed)
    }

    /// One record with the related records added after its own members.
    func single(_ record: JSONRecord, of resource: String, data: JSONPlaceholderData) throws(SandboxDataError) -> [UInt8] {
        guard !isEmpty else { return JSONPlaceholderLayout.single(record) }
        var members = record.members.map { ($0.key, JSONPlaceholderLayout.memberValue(record, $0.value)) }
        let id = record.id.map(String.init)
        for child in embed {
            guard let children = try data.records(child) else { continue }
            let foreignKey = JSONPlaceholderAPI.singular(resource) + "Id"
            let matching = children.filter { $0.text(atPath: foreignKey) == id }
            members.append((child, JSONLayout.reindented(JSONPlaceholderLayout.list(matching)[...], removing: 0, adding: 2)))
        }
        for parent in expand {
            guard let parents = try data.records(parent + "s"), let parentID = record.text(atPath: parent + "Id"),
                  let match = parents.first(where: { $0.id.map(String.init) == parentID })
            else { continue }
            members.append((parent, JSONLayout.reindented(JSONPlaceholderLayout.single(match)[...], removing: 0, adding: 2)))
        }
        return JSONPlaceholderLayout.object(members)
    }
}
