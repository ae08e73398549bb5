import Foundation

/// A GraphQL response as the prompt shows it: the status line (saying whether the data is partial),
/// `data` as JSON, then one line per error with its path and place in the query.
extension Workbench {
    func renderGraphQL(_ exchange: Exchange) {
        let body = exchange.response.body
        guard let document = try? JSONDocument(parsing: body), let result = GraphQLResultView(document.root) else {
            // Not a GraphQL response (an HTML 404, a proxy's error): shown as any other body.
            return render(exchange, all: false)
        }
        console.line(([statusLine(exchange)] + result.statusWords).joined(separator: " · "))
        noteRedirect(exchange)
        if let data = result.data, !data.isNull, bodyLines > 0 {
            let more = BodyRenderer.write(GraphQLResultView.bytes(of: data, in: body), mimeType: "application/json", limit: bodyLines, to: console)
            if more > 0 {
                console.line(console.styled(BodyRenderer.moreLinesNote(more, isLast: exchange.number == exchanges.last?.number), .dim))
            }
        }
        for error in result.errors { console.line(console.styled("error: ", .red) + error) }
    }
}

/// The parts of a GraphQL response (`data`, `errors`) the view shows; nil for a body that is not
/// one (an object with neither, or something else).
struct GraphQLResultView {
    let data: JSONNode?
    /// Each error as a line: its message, then where it happened.
    let errors: [String]

    init?(_ root: JSONNode) {
        guard root.isObject, root.member("data") != nil || root.member("errors") != nil else { return nil }
        data = root.member("data")
        errors = root.member("errors")?.elements.map(Self.line) ?? []
    }

    /// What the status line adds: `partial data · 1 error`, or `no data · 2 errors`.
    var statusWords: [String] {
        guard !errors.isEmpty else { return [] }
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        return [data.map { $0.isNull ? "no data" : "partial data" } ?? "no data", count]
    }

    /// `Country codes are … · at bad · line 1, column 31`, then `extensions.code` if there is one;
    /// a path as `decode --at` reads one.
    static func line(_ error: JSONNode) -> String {
        var parts = [(error.member("message")?.string ?? compact(error)).oneLine]
        if let path = error.member("path"), path.isArray, path.count > 0 {
            var text = ""
            for element in path.elements {
                if let name = element.string {
                    text += (text.isEmpty ? "" : ".") + name
                } else {
                    text += "[" + compact(element) + "]"
                }
            }
            parts.append("at " + text)
        }
        let places = error.member("locations")?.elements.compactMap { location -> String? in
            guard let line = location.member("line")?.numberText, let column = location.member("column")?.numberText else { return nil }
            return "line \(line), column \(column)"
        } ?? []
        if !places.isEmpty { parts.append(places.joined(separator: "; ")) }
        // Servers name the kind of error there (Apollo's `GRAPHQL_VALIDATION_FAILED`, GitHub's `NOT_FOUND`).
        if let code = error.member("extensions")?.member("code")?.string { parts.append(code) }
        return parts.joined(separator: " · ")
    }

    /// A member's bytes as the body has them (`data` printed as received, `__schema` decoded).
    static func bytes(of node: JSONNode, in body: Data) -> Data {
        let range = node.byteRange
        return body.subdata(in: body.startIndex + range.lowerBound..<body.startIndex + range.upperBound)
    }

    private static func compact(_ node: JSONNode) -> String {
        var bytes: [UInt8] = []
        node.writeJSON(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
