/// `<prefix>/openapi.json`: each API's OpenAPI 3.1 document, a package resource in `Data/openapi/`.
///
/// Each API's last route serves it (SandboxAPI), so no API has to declare it; the documents are
/// written for Workbench (Sources/Sandbox/Data/NOTICE).
enum SandboxOpenAPI {
    /// The document's path under `Data/` (`openapi/jsonplaceholder.json`).
    static func resource(ofAPI name: String) -> String {
        "openapi/\(name).json"
    }

    /// The document's bytes as written, or a 500 naming the file when the resource is missing.
    static func response(forAPI name: String) -> SandboxResponse {
        do {
            return .json(try SandboxDataFile.bytes(resource(ofAPI: name)), contentType: "application/json")
        } catch {
            return error.response
        }
    }
}
