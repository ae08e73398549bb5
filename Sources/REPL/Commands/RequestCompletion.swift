import Foundation
import Sandbox
import WorkbenchKit
import WorkbenchSpec

/// Completion sources for the request commands: header names, query names, paths, base URLs.
@MainActor
enum RequestCompletion {
    static let commonHeaders = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Type",
        "Cookie", "If-Modified-Since", "If-None-Match", "Origin", "Referer", "User-Agent", "X-API-Key",
        "X-Request-ID",
    ]

    /// `sandbox/NAME` for each API the sandbox serves, for `base`.
    static var sandboxBases: [String] {
        SandboxCatalog.apis.map { "sandbox" + $0.prefix }
    }

    static func matching(_ prefix: String, _ candidates: [String], caseInsensitive: Bool = false) -> [String] {
        var seen = Set<String>()
        return candidates.filter { candidate in
            let matches = caseInsensitive ? candidate.lowercased().hasPrefix(prefix.lowercased()) : candidate.hasPrefix(prefix)
            return matches && seen.insert(candidate).inserted
        }
    }

    /// Common header names plus those sent or received so far.
    static func headerNames(_ workbench: Workbench) -> [String] {
        let seen = workbench.exchanges.flatMap { $0.requestHeaders.fields.map(\.name) + $0.response.headers.fields.map { HeaderList.canonicalName($0.name) } }
        return (commonHeaders + workbench.request.headers.fields.map(\.name) + seen).sorted()
    }

    /// Query item names in the current request and in history.
    static func queryNames(_ workbench: Workbench) -> [String] {
        let fromHistory = workbench.exchanges.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems ?? [] }
        return (workbench.request.queryItems + fromHistory).map(\.name)
    }

    /// Paths relative to the base from history, then the sandbox API's routes.
    static func paths(_ workbench: Workbench) -> [String] {
        let basePath = workbench.base?.path ?? ""
        let fromHistory = workbench.exchanges.reversed().compactMap { exchange -> String? in
            guard exchange.url.host == workbench.base?.host, exchange.url.path.hasPrefix(basePath) else { return nil }
            let relative = String(exchange.url.path.dropFirst(basePath.count))
            return relative.isEmpty ? nil : relative
        }
        return (specCompletion(workbench)?.paths(matching: "") ?? []) + fromHistory + sandboxPaths(basePath: basePath)
    }

    /// Completion from the loaded OpenAPI document, paths relative to the base.
    static func specCompletion(_ workbench: Workbench) -> SpecCompletion? {
        workbench.openAPISpec.map { SpecCompletion(spec: $0, base: workbench.base?.url) }
    }

    /// What the document says may follow a request's path (`get /pet/findByStatus st` → `status==`,
    /// `status==av` → `status==available`, a declared header → `api_key:`).
    static func specArguments(_ last: String, path: String?, method: String?, workbench: Workbench, query separator: String) -> [String] {
        guard let completion = specCompletion(workbench) else { return [] }
        let target = path ?? String(workbench.request.components.path.dropFirst(workbench.base?.path.count ?? 0))
        if let range = last.range(of: separator) {
            let name = String(last[..<range.lowerBound])
            let values = completion.values(forPath: target, parameter: name).map { name + separator + $0 }
            return matching(last, values)
        }
        let names = completion.queryNames(forPath: target, method: method).map { $0 + separator }
            + completion.headerNames(forPath: target, method: method).map { $0 + ":" }
        return matching(last, names, caseInsensitive: true)
    }

    /// The sandbox API's example paths, relative to a base inside it (`/v2/all` under `/restcountries/v2` is `/all`).
    static func sandboxPaths(basePath: String) -> [String] {
        guard let api = SandboxCatalog.apis.first(where: { basePath == $0.prefix || basePath.hasPrefix($0.prefix + "/") }) else {
            return []
        }
        let remainder = String(basePath.dropFirst(api.prefix.count))
        return api.paths.filter { $0.hasPrefix(remainder + "/") || remainder.isEmpty }.map { String($0.dropFirst(remainder.count)) }
    }
}
