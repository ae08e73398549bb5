/// `<prefix>/openapi.json`: each API's OpenAPI 3.1 document, a package resource in `Data/openapi/`.
///
/// The router answers it before the API sees the request, so no API has to know about it; the
/// documents are written for Workbench (Sources/Sandbox/Data/NOTICE).
enum SandboxOpenAPI {
    /// The document's path under `Data/` (`openapi/jsonplaceholder.json`).
    static func resource(of api: SandboxAPI) -> String {
        "openapi/\(api.name).json"
    }

    /// The document's bytes as written, or a 500 naming the file when the resource is missing.
    static func response(for api: SandboxAPI) -> SandboxResponse {
        do {
            return .json(try SandboxDataFile.bytes(resource(of: api)), contentType: "application/json")
        } catch {
            return error.response
        }
    }
}
