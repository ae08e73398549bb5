/// `/met/public/collection/v1`: collectionapi.metmuseum.org, from recorded responses and the object records.
enum MetAPI {
    static let contentType = "application/json; charset=UTF-8"

    static func respond(to request: SandboxRequest) -> SandboxResponse {
        let data: MetData
        switch MetData.shared {
        case .success(let loaded): data = loaded
        case .failure(let error): return error.response
        }
        let path = request.apiSegments
        guard request.method == "GET" || request.method == "HEAD" else { return notFound("Not Found") }
        switch path {
        case ["departments"]:
            return .json(data.departmentsBytes, contentType: contentType)
        case ["search"]:
            return search(request, data: data)
        case ["objects"]:
            // `/objects/` with nothing after it is the real API's plain 404.
            if request.path.hasSuffix("/") { return notFound("Not Found") }
            return objectList(request, data: data)
        case let route where route.count == 2 && route[0] == "objects":
            guard let id = Int(route[1]), let object = data.objects[id] else { return notFound("ObjectID not found") }
            return .json(Array(object.bytes), contentType: contentType)
        default:
            return notFound("Not Found")
        }
    }

    private static func notFound(_ message: String) -> SandboxResponse {
        .json(Array("{\"message\":\"\(message)\"}".utf8), status: 404, contentType: contentType)
    }

    /// A recorded search (narrowed to the objects held) when exactly this query was recorded; otherwise computed
    /// from the object records.
    private static func search(_ request: SandboxRequest, data: MetData) -> SandboxResponse {
        if let recorded = data.recordings[MetData.key(path: "search", query: request.query)] {
            return .json(recorded, contentType: contentType)
        }
        let ids = MetSearch(request: request, index: data.index).objectIDs()
        return .json(MetData.idList(ids), contentType: contentType)
    }

    /// `/objects?departmentIds=1|3&metadataDate=2023-01-01`: recorded listings (narrowed), else the object records of
    /// those departments updated on or after that date, by objectID.
    private static func objectList(_ request: SandboxRequest, data: MetData) -> SandboxResponse {
        if let recorded = data.recordings[MetData.key(path: "objects", query: request.query)] {
            return .json(recorded, contentType: contentType)
        }
        var ids = data.objects.keys.sorted()
        if let wanted = request.queryValue("departmentIds"), !wanted.isEmpty {
            let departments = Set(wanted.split(separator: "|").compactMap { Int($0) })
            ids = ids.filter { data.index.facts[$0]?.departmentID.map(departments.contains) ?? false }
        }
        if let date = request.queryValue("metadataDate"), !date.isEmpty {
            ids = ids.filter { (data.index.facts[$0]?.metadataDate ?? "") >= date }
        }
        return .json(MetData.idList(ids), contentType: contentType)
    }
}
