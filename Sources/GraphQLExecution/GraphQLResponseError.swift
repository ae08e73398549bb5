import GraphQLDocuments

/// One entry of a response's `errors`, written as GraphQLSwift writes it: `message`, then
/// `locations` (left out when there are none), then `path` (always, `[]` before execution).
struct GraphQLResponseError: Equatable, Sendable {
    enum PathElement: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    var message: String
    var locations: [GraphQLLocation]
    var path: [PathElement]

    func write(to writer: inout GraphQLJSONWriter) {
        writer.raw("{\"message\":")
        writer.string(message)
        if !locations.isEmpty {
            writer.raw(",\"locations\":[")
            for (index, location) in locations.enumerated() {
                if index > 0 { writer.byte(",") }
                writer.raw("{\"line\":")
                writer.int(location.line)
                writer.raw(",\"column\":")
                writer.int(location.column)
                writer.byte("}")
            }
            writer.byte("]")
        }
        writer.raw(",\"path\":[")
        for (index, element) in path.enumerated() {
            if index > 0 { writer.byte(",") }
            switch element {
            case .key(let key): writer.string(key)
            case .index(let position): writer.int(position)
            }
        }
        writer.raw("]}")
    }

    /// `{"errors":[…]}`: a response without data (a request that could not run); with
    /// `nullData`, `{"data":null,"errors":[…]}` (a null that reached the root, spec §6.4.4).
    static func response(_ errors: [GraphQLResponseError], nullData: Bool = false) -> [UInt8] {
        var writer = GraphQLJSONWriter()
        writer.raw(nullData ? "{\"data\":null,\"errors\":[" : "{\"errors\":[")
        for (index, error) in errors.enumerated() {
            if index > 0 { writer.byte(",") }
            error.write(to: &writer)
        }
        writer.raw("]}")
        return writer.bytes
    }
}
