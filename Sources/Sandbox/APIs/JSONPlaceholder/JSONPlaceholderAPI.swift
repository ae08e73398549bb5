import WorkbenchKit

/// `/jsonplaceholder`: jsonplaceholder.typicode.com (json-server) on its real paths, nothing persisted.
enum JSONPlaceholderAPI {
    static let notFound = SandboxResponse.json(Array("{}".utf8), status: 404)

    /// json-server's routes: any resource's list, item and nested list (`/posts/1/comments`).
    static let routes: [SandboxRoute] = [
        SandboxRoute(["GET"], "/", note: "the resources' names") { _ in
            answer { data in .json(.object([("resources", .array(data.resourceNames.map { .string($0) }))]), pretty: true) }
        },
        SandboxRoute(["GET"], "/db", note: "every resource in one object") { _ in answer { data in .json(data.bytes) } },
        SandboxRoute(["GET"], "/{resource}",
                     note: "posts, comments, albums, photos, users, todos; ?userId=1, ?_page=2&_limit=10, "
                        + "?_sort=title&_order=desc, ?q=dolor, ?_embed=comments",
                     examples: ["/posts", "/comments", "/albums", "/photos", "/users", "/todos"]) { request in
            answer { data throws(SandboxDataError) in
                let resource = request.apiSegments[0]
                guard let records = try data.records(resource) else { return notFound }
                return try list(records, of: resource, request: request, data: data)
            }
        },
        SandboxRoute(["POST"], "/{resource}", note: "201 with the next id (101 for posts); nothing is kept") { request in
            answer { data throws(SandboxDataError) in
                guard try data.records(request.apiSegments[0]) != nil else { return notFound }
                return try create(in: request.apiSegments[0], data: data, request: request, fixed: [])
            }
        },
        SandboxRoute(["GET"], "/{resource}/{id}", examples: ["/posts/1", "/users/1"]) { request in
            answer { data throws(SandboxDataError) in
                guard let (record, resource) = try find(request, in: data) else { return notFound }
                return .json(try JSONPlaceholderRelations(request).single(record, of: resource, data: data))
            }
        },
        SandboxRoute(["PUT", "PATCH", "DELETE"], "/{resource}/{id}", note: "answered as if changed; nothing is kept") { request in
            answer { data throws(SandboxDataError) in
                guard let (record, _) = try find(request, in: data) else { return notFound }
                return item(record, method: request.method, request: request)
            }
        },
        SandboxRoute(["GET", "POST"], "/{resource}/{id}/{related}", note: "/posts/1/comments is /comments?postId=1",
                     examples: ["/posts/1/comments", "/albums/1/photos", "/users/1/posts", "/users/1/albums", "/users/1/todos"]) { request in
            answer { data throws(SandboxDataError) in try nested(request, data: data) }
        },
    ]

    /// The answer from the loaded dataset, or the dataset's error.
    private static func answer(_ body: (JSONPlaceholderData) throws(SandboxDataError) -> SandboxResponse) -> SandboxResponse {
        do {
            return try body(JSONPlaceholderData.shared.get())
        } catch {
            return error.response
        }
    }

    /// `/{resource}/{id}`'s record and its resource's name.
    private static func find(_ request: SandboxRequest, in data: JSONPlaceholderData) throws(SandboxDataError) -> (JSONRecord, String)? {
        let path = request.apiSegments
        guard let records = try data.records(path[0]),
              let record = records.first(where: { $0.id.map(String.init) == path[1] }) else { return nil }
        return (record, path[0])
    }

    /// json-server's nested route: `/posts/1/comments` is `/comments?postId=1`, and a POST there creates one with `postId` 1.
    private static func nested(_ request: SandboxRequest, data: JSONPlaceholderData) throws(SandboxDataError) -> SandboxResponse {
        let path = request.apiSegments
        // As json-server, a parent that does not exist gives an empty list (and a child that names it).
        guard try data.records(path[0]) != nil, let related = try data.records(path[2]) else { return notFound }
        let parentKey = singular(path[0]) + "Id"
        if request.method == "POST" {
            return try create(in: path[2], data: data, request: request, fixed: [(parentKey, Array(path[1].utf8))])
        }
        return try list(related, of: path[2], request: request, data: data, extra: [(parentKey, path[1])])
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
