import Foundation

/// The Met Collection API's data: recorded searches and listings by query, object records by id, departments.
struct MetData: Sendable {
    /// Recorded `search` and `objects` listings, keyed by `MetData.key(path:query:)`, narrowed to the objects
    /// held: the live API listed ids of the whole collection, and an id listed must answer at `/objects/{id}`.
    let recordings: [String: [UInt8]]
    /// Known objects, by objectID.
    let objects: [Int: JSONRecord]
    let departments: MetDepartments
    let departmentsBytes: [UInt8]
    /// The objects' words and filter facts, for `/search` and `/objects` listings.
    let index: MetIndex

    /// Read on the first Met request (a static is initialised when first used), not when the sandbox starts.
    static let shared: Result<MetData, SandboxDataError> = Result { () throws(SandboxDataError) in try load() }

    static func load() throws(SandboxDataError) -> MetData {
        var recordings: [String: [UInt8]] = [:]
        var objects: [Int: JSONRecord] = [:]
        do {
            let list = try SandboxDataFile.document("metmuseum/departments.json")
            var names: [Int: String] = [:]
            if let array = try JSONRecord(list.root, in: list).node.member("departments") {
                for department in try JSONRecord.records(in: list, array: array) {
                    if let id = department.text(atPath: "departmentId").flatMap({ Int($0) }),
                       let name = department.text(atPath: "displayName") {
                        names[id] = name
                    }
                }
            }
            let departments = MetDepartments(names: names)
            var index = MetIndex()
            let objectFolder = SandboxDataFile.folder?.appendingPathComponent("metmuseum/objects").path ?? ""
            for name in (try? FileManager.default.contentsOfDirectory(atPath: objectFolder)) ?? [] where name.hasSuffix(".json") {
                let source = try SandboxDataFile.document("metmuseum/objects/" + name)
                let record = try JSONRecord(source.root, in: source)
                guard let id = record.text(atPath: "objectID").flatMap({ Int($0) }) else { continue }
                objects[id] = record
                index.add(record, id: id, departments: departments)
            }
            let manifest = try SandboxDataFile.document("metmuseum/manifest.json")
            for entry in try JSONRecord.records(in: manifest, array: manifest.root) {
                // Entries flagged as copied cassettes are not real answers for their URL.
                if entry.text(atPath: "note")?.contains("Suspicious") == true { continue }
                guard let url = entry.text(atPath: "url").flatMap(URLComponents.init(string:)),
                      entry.text(atPath: "status") == "200",
                      let file = entry.text(atPath: "file") ?? entry.text(atPath: "same_body_as")
                else { continue }
                let path = url.path.split(separator: "/").last.map(String.init) ?? ""
                let query = SandboxRequest.queryItems(url.percentEncodedQuery ?? "")
                let recorded = try SandboxDataFile.document("metmuseum/" + file)
                recordings[key(path: path, query: query)] = held(in: recorded, objects: objects)
            }
            return MetData(
                recordings: recordings, objects: objects, departments: departments, departmentsBytes: list.bytes,
                index: index
            )
        } catch let error as SandboxDataError {
            throw error
        } catch let error as JSONShapeError {
            throw .unreadable("metmuseum", error.description)
        } catch {
            throw .unreadable("metmuseum", "\(error)")
        }
    }

    /// A query's identity: the route, then its non-empty items sorted; `q` compared without case.
    static func key(path: String, query: [(name: String, value: String)]) -> String {
        let items = query.filter { !$0.value.isEmpty }
            .map { $0.name == "q" ? "q=\($0.value.lowercased())" : "\($0.name)=\($0.value)" }
            .sorted()
        return path + "?" + items.joined(separator: "&")
    }

    /// A recorded listing's ids that are among `objects`, in the recorded order, as a listing of its own.
    private static func held(in recorded: JSONSource, objects: [Int: JSONRecord]) -> [UInt8] {
        let listed = recorded.root.member("objectIDs").map { Array($0.elements) } ?? []
        return idList(listed.compactMap { $0.int64.map(Int.init) }.filter { objects[$0] != nil })
    }

    /// `{"total":N,"objectIDs":[…]}`, with `null` for no IDs, as the real API answers an empty result.
    static func idList(_ ids: [Int]) -> [UInt8] {
        let list = ids.isEmpty ? "null" : "[" + ids.map(String.init).joined(separator: ",") + "]"
        return Array("{\"total\":\(ids.count),\"objectIDs\":\(list)}".utf8)
    }
}
