/// `/met/public/collection/v1`: collectionapi.metmuseum.org, from recorded responses and the object records.
enum MetAPI {
    static let contentType = "application/json; charset=UTF-8"

    static let routes: [SandboxRoute] = [
        SandboxRoute(["GET"], "/search", note: "?q=cat, ?hasImages=true&q=cat, ?departmentId=11&q=cat",
                     examples: ["/search?q="]) { request in answer { data in search(request, data: data) } },
        SandboxRoute(["GET"], "/objects", note: "every object id; ?departmentIds=15, ?metadataDate=2023-01-01",
                     examples: ["/objects?departmentIds="]) { request in
            answer { data in
                // `/objects/` with nothing after it is the real API's plain 404.
                request.path.hasSuffix("/") ? notFound("Not Found") : objectList(request, data: data)
            }
        },
        SandboxRoute(["GET"], "/objects/{objectID}", note: "each id a search lists, e.g. 436524",
                     examples: ["/objects/436524", "/objects/436535", "/objects/671456"]) { request in
            answer { data in
                guard let id = Int(request.apiSegments[1]), let object = data.objects[id] else { return notFound("ObjectID not found") }
                return .json(Array(object.bytes), contentType: contentType)
            }
        },
        SandboxRoute(["GET"], "/departments", examples: ["/departments"]) { _ in
            answer { data in .json(data.departmentsBytes, contentType: contentType) }
        },
    ]

    /// The answer from the loaded records, or the dataset's error.
    private static func answer(_ body: (MetData) -> SandboxResponse) -> SandboxResponse {
        switch MetData.shared {
        case .success(let data): body(data)
        case .failure(let error): error.response
        }
    }

    /// The real API's 404: `{"message":"Not Found"}`.
    static func notFound(_ message: String) -> SandboxResponse {
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
