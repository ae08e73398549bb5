import WorkbenchKit

/// `/jsonplaceholder`: jsonplaceholder.typicode.com (json-server) on its real paths, nothing persisted.
enum JSONPlaceholderAPI {
    static let notFound = SandboxResponse.json(Array("{}".utf8), status: 404)

    static func respond(to request: SandboxRequest) -> SandboxResponse {
        do {
            return try respond(to: request, data: JSONPlaceholderData.shared.get())
        } catch {
            return error.response
        }
    }

    private static func respond(to request: SandboxRequest, data: JSONPlaceholderData) throws(SandboxDataError) -> SandboxResponse {
        let path = request.apiSegments
        guard let resource = path.first else {
            return .json(.object([("resources", .array(data.resourceNames.map { .string($0) }))]), pretty: true)
        }
        if resource == "db", path.count == 1, request.method == "GET" { return .json(data.bytes) }
        guard let records = try data.records(resource) else { return notFound }
        switch (path.count, request.method) {
        case (1, "GET"):
            return try list(records, of: resource, request: request, data: data)
        case (1, "POST"):
            return try create(in: resource, data: data, request: request, fixed: [])
        case (2, let method):
            guard let index = records.firstIndex(where: { $0.id.map(String.init) == path[1] }) else { return notFound }
            if method == "GET" {
                return .json(try JSONPlaceholderRelations(request).single(records[index], of: resource, data: data))
            }
            return item(records[index], method: method, request: request)
        case (3, let method):
            // json-server's nested route: /posts/1/comments is /comments?postId=1.
            guard let nested = try data.records(path[2]) else { return notFound }
            let parentKey = singular(resource) + "Id"
            if method == "POST" {
                return try create(in: path[2], data: data, request: request, fixed: [(parentKey, Array(path[1].utf8))])
            }
            guard method == "GET" else { return notFound }
            let parent: [(name: String, value: String)] = [(parentKey, path[1])]
            return try list(nested, of: path[2], request: request, data: data, extra: parent)
        default:
            return notFound
        }
    }

    private static func list(
        _ records: [JSONRecord], of resource: String, request: SandboxRequest, data: JSONPlaceholderData,
        extra: [(name: String, value: String)] = []
    ) throws(SandboxDataError) -> SandboxResponse {
        let query = JSONPlaceholderQuery(items: request.query + extra)
        let result = query.apply(to: records, url: request.url)
        var response = SandboxResponse.json(try JSONPlaceholderRelations(request).list(result.records, of: resource, data: data))
        response.headers += result.headers
        return response
    }

    private static func item(_ record: JSONRecord, method: String, request: SandboxRequest) -> SandboxResponse {
        switch method {
        case "DELETE":
            return .json(Array("{}".utf8))
        case "PUT", "PATCH":
            guard let body = bodyMembers(request) else { return badBody }
            let id = record.value("id").map { Array(record.source.bytes[$0]) } ?? []
            var members: [(key: String, value: [UInt8])]
            if method == "PUT" {
                members = body.filter { $0.key != "id" } + [("id", id)]
            } else {
                members = record.members.map { member in
                    let replacement = member.key == "id" ? nil : body.first { $0.key == member.key }?.value
                    return (member.key, replacement ?? JSONPlaceholderLayout.memberValue(record, member.value))
                }
                members += body.filter { new in new.key != "id" && !record.members.contains { $0.key == new.key } }
            }
            return .json(JSONPlaceholderLayout.object(members))
        default:
            return notFound
        }
    }

    private static func create(
        in resource: String, data: JSONPlaceholderData, request: SandboxRequest, fixed: [(key: String, value: [UInt8])]
    ) throws(SandboxDataError) -> SandboxResponse {
        guard let body = bodyMembers(request) else { return badBody }
        let kept = body.filter { member in member.key != "id" && !fixed.contains { $0.key == member.key } }
        let members = kept + fixed + [("id", Array(String(try data.nextID(of: resource)).utf8))]
        return .json(JSONPlaceholderLayout.object(members), status: 201)
    }

    static let badBody = SandboxResponse.error(400, "request body is not a JSON object")

    /// The request body's members with their raw JSON values: a JSON object, a form, or nothing.
    static func bodyMembers(_ request: SandboxRequest) -> [(key: String, value: [UInt8])]? {
        let contentType = request.header("Content-Type")?.lowercased() ?? ""
        // URLSession labels any body a form unless told otherwise; a body that starts like JSON is read as JSON.
        let firstByte = request.body.first { !isWhitespace($0) }
        let looksLikeJSON = firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[")
        if contentType.contains("application/x-www-form-urlencoded"), !looksLikeJSON {
            let form = SandboxRequest.queryItems(String(decoding: request.body, as: UTF8.self))
            return form.map { ($0.name, Array(JSONString.quoted($0.value).utf8)) }
        }
        guard request.body.contains(where: { !isWhitespace($0) }) else { return [] }
        guard let source = try? JSONSource(request.body), source.root.isObject else { return nil }
        return source.root.members.map { ($0.key, Array(source.bytes(of: $0.value))) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// json-server's singular of a resource name: `posts` → `post`.
    static func singular(_ resource: String) -> String {
        resource.hasSuffix("s") ? String(resource.dropLast()) : resource
    }
}
