import Foundation

/// `url`: the URLComponents breakdown of the current request, the teaching view of a URL.
extension Workbench {
    /// Prints scheme, user, host, port, path (and its encoded form when it differs), each query
    /// item, the encoded query, fragment and the final URL.
    public func url() throws(WorkbenchError) {
        defer { console.flush() }
        let components = request.components
        guard request.hasHost else { throw .noBase(components.path.isEmpty ? "/" : components.path) }
        var rows: [(String, String)] = []
        rows.append(("scheme", components.scheme ?? ""))
        if let user = components.user { rows.append(("user", user)) }
        if components.password != nil { rows.append(("password", "••••")) }
        rows.append(("host", components.host ?? ""))
        if let port = components.port { rows.append(("port", String(port))) }
        rows.append(("path", components.path.isEmpty ? "/" : components.path))
        if components.percentEncodedPath != components.path {
            rows.append(("path (encoded)", components.percentEncodedPath))
        }
        for item in request.queryItems {
            rows.append(("query item", item.value.map { "\(item.name) = \($0)" } ?? item.name))
        }
        if let query = components.percentEncodedQuery { rows.append(("query", query)) }
        if let fragment = components.fragment { rows.append(("fragment", fragment)) }
        rows.append(("url", try request.url().absoluteString))
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            console.line("  " + console.styled(label.padding(toLength: width, withPad: " ", startingAt: 0), .dim) + "  " + value)
        }
        if request.queryItems.contains(where: { $0.value?.contains("+") == true }) {
            console.line(console.styled("  note: URLComponents leaves '+' as is; many servers read it as a space", .dim))
        }
    }
}
