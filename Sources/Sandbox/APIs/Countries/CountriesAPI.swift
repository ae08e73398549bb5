import Foundation
import GraphQLExecution

/// `/countries`: a GraphQL API in the shape of countries.trevorblades.com, answered from the REST
/// Countries datasets, over HTTP as GraphQL over HTTP says: a POST of a JSON body, or a GET with the
/// query in the URL (queries only). The endpoint is the API's root, as the real one's is.
enum CountriesAPI {
    static let routes: [SandboxRoute] = ["/", "/graphql"].map { path in
        SandboxRoute(["GET", "POST"], path,
                     note: path == "/" ? "GraphQL over HTTP: POST {\"query\": …}, or GET ?query={countries{code name}}; "
                        + "`graphql { … }`, `spec graphql`"
                        : "the same endpoint",
                     examples: path == "/" ? ["/"] : []) { request in respond(to: request) }
    }

    /// What a path other than the endpoint answers.
    static func notFound(_ request: SandboxRequest) -> SandboxResponse {
        failure(404, "no route at '\(request.path)': the GraphQL endpoint is the API's root")
    }

    static func notAllowed(_ request: SandboxRequest) -> SandboxResponse {
        failure(405, "a GraphQL request is a POST (or a GET, for a query), not \(request.method)", allow: true)
    }

    private static func respond(to request: SandboxRequest) -> SandboxResponse {
        let graphQL: CountriesQuery
        switch request.method {
        case "POST":
            let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            guard type == nil || type == "application/json" || type == "application/graphql-response+json" else {
                return failure(415, "a GraphQL request's body is application/json, not \(type ?? "")")
            }
            guard let object = try? GraphQLJSONValue.parse(request.body), case .object = object else {
                return failure(400, "the body is not a JSON object: send {\"query\": \"{ countries { code } }\"}")
            }
            switch CountriesQuery.read(object) {
            case .success(let query): graphQL = query
            case .failure(let problem): return failure(400, problem.message)
            }
        case "GET":
            var members: [(key: String, value: GraphQLJSONValue)] = []
            if let query = request.queryValue("query") { members.append(("query", .string(query))) }
            if let name = request.queryValue("operationName") { members.append(("operationName", .string(name))) }
            if let variables = request.queryValue("variables") {
                guard let parsed = try? GraphQLJSONValue.parse(variables) else {
                    return failure(400, "variables is not JSON: give a JSON object, like {\"code\": \"CO\"}")
                }
                members.append(("variables", parsed))
            }
            switch CountriesQuery.read(.object(members)) {
            case .success(let query): graphQL = query
            case .failure(let problem): return failure(400, problem.message)
            }
        default:
            return notAllowed(request)
        }
        let schema: GraphQLExecutableSchema
        switch CountriesSchema.shared {
        case .success(let built): schema = built
        case .failure(let error): return error.response
        }
        let result = schema.execute(query: graphQL.query, variables: graphQL.variables, operationName: graphQL.operationName)
        // GraphQL over HTTP: the newer media type answers a request that could not run with 400; the
        // older `application/json`, which clients without the newer one ask for, always answers 200.
        let modern = (request.header("Accept") ?? "").contains("application/graphql-response+json")
        return .json(result.body, status: modern && result.failedBeforeExecution ? 400 : 200,
                     contentType: modern ? "application/graphql-response+json; charset=utf-8" : SandboxResponse.jsonContentType)
    }

    /// A request that is not GraphQL at all: `{"errors": [{"message": …}]}`.
    static func failure(_ status: Int, _ message: String, allow: Bool = false) -> SandboxResponse {
        let error = JSONValue.object([("message", .string(message))])
        var response = SandboxResponse.json(JSONValue.object([("errors", .array([error]))]).rendered(pretty: false), status: status)
        if allow { response.headers.append(("Allow", "GET, POST")) }
        return response
    }
}

/// A GraphQL request's three parts, read from a JSON object (a POST's body, or a GET's query items).
struct CountriesQuery {
    var query: String
    var variables: GraphQLJSONValue?
    var operationName: String?

    struct Problem: Error {
        var message: String
    }

    static func read(_ object: GraphQLJSONValue) -> Result<CountriesQuery, Problem> {
        guard let query = object["query"]?.stringValue, !query.isEmpty else {
            return .failure(Problem(message: "no query: send {\"query\": \"{ countries { code } }\"}"))
        }
        var result = CountriesQuery(query: query)
        switch object["variables"] {
        case nil, .null?: break
        case .object?: result.variables = object["variables"]
        default: return .failure(Problem(message: "variables must be a JSON object, like {\"code\": \"CO\"}"))
        }
        switch object["operationName"] {
        case nil, .null?: break
        case .string(let name)?: result.operationName = name
        default: return .failure(Problem(message: "operationName must be a string"))
        }
        return .success(result)
    }
}
