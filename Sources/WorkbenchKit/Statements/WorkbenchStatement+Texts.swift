import Foundation

/// The text fields of a statement: where `\(…)` interpolations and sandbox URLs are found.
extension WorkbenchStatement {
    /// The statement with every text field passed through `transform` (names and values alike).
    public func mapTexts(_ transform: (String) -> String) -> WorkbenchStatement {
        func pairs(_ pairs: [Pair]) -> [Pair] {
            var result: [Pair] = []
            for pair in pairs { result.append(Pair(transform(pair.name), transform(pair.value))) }
            return result
        }
        switch self {
        case .base(let url): return .base(transform(url))
        case .path(let path): return .path(transform(path))
        case .query(let name, let value):
            let newValue = value.map(transform)
            return .query(transform(name), newValue)
        case .addQuery(let name, let value): return .addQuery(transform(name), value.map(transform))
        case .removeQuery(let name): return .removeQuery(transform(name))
        case .header(let name, let value): return .header(transform(name), transform(value))
        case .digestAuth(let user, let password): return .digestAuth(transform(user), password: transform(password))
        case .defaultHeader(let name, let value): return .defaultHeader(transform(name), transform(value))
        case .removeHeader(let name): return .removeHeader(transform(name))
        case .method(let method): return .method(transform(method))
        case .bodyJSON(let json): return .bodyJSON(transform(json))
        case .bodyFile(let path): return .bodyFile(transform(path))
        case .saveBody(let path): return .saveBody(transform(path))
        case .bodyText(let text): return .bodyText(transform(text))
        case .form(let fields): return .form(pairs(fields))
        case .multipart(let fields): return .multipart(pairs(fields))
        case .url(let url): return .url(transform(url))
        case .request(var call):
            if let target = call.target { call.target = transform(target) }
            call.query = pairs(call.query)
            call.headers = pairs(call.headers)
            var fields: [JSONFieldPair] = []
            for field in call.json {
                let value: JSONField = switch field.value {
                case .string(let text): .string(transform(text))
                case .json(let text): .json(transform(text))
                }
                fields.append(JSONFieldPair(transform(field.name), value))
            }
            call.json = fields
            return .request(call)
        case .headers(let name?): return .headers(transform(name))
        case .json(let text): return .json(transform(text))
        case .spec(var call):
            call.source = transform(call.source)
            return .spec(call)
        case .jsonFile(let path): return .jsonFile(transform(path))
        case .decode(var call):
            if let path = call.path { call.path = transform(path) }
            return .decode(call)
        case .webSocket(let target): return .webSocket(transform(target))
        case .webSocketSend(let text): return .webSocketSend(transform(text))
        case .webSocketSendJSON(let json): return .webSocketSendJSON(transform(json))
        case .webSocketSendFile(let path): return .webSocketSendFile(transform(path))
        case .graphql(var call):
            call.query = transform(call.query)
            call.variables = call.variables.map(transform)
            call.operation = call.operation.map(transform)
            return .graphql(call)
        default: return self
        }
    }

    /// Every text field, in order.
    public var texts: [String] {
        var texts: [String] = []
        _ = mapTexts { text in
            texts.append(text)
            return text
        }
        return texts
    }

    /// The `\(…)` expressions in its text fields, each ending where `ends` says, in order: evaluated
    /// before the statement runs.
    public func interpolatedExpressions(ends: (any InterpolationEnds)?) -> [String] {
        texts.flatMap { Interpolation.segments(of: $0, ends: ends).filter(\.isExpression).map(\.text) }
    }

    /// URLs of the sandbox at `root` (this run's, whose port changes) written as `sandbox/…`.
    public func portable(sandboxRoot root: String?) -> WorkbenchStatement {
        guard let root else { return self }
        switch self {
        case .base(let url): return .base(SandboxAddress.portable(url, root: root) ?? url)
        case .url(let url): return .url(SandboxAddress.portable(url, root: root) ?? url)
        case .spec(var call):
            call.source = SandboxAddress.portable(call.source, root: root) ?? call.source
            return .spec(call)
        case .request(var call):
            call.target = call.target.map { SandboxAddress.portable($0, root: root) ?? $0 }
            return .request(call)
        case .webSocket(let url):
            // The sandbox's sockets are at its own address, `ws://` for its `http://`.
            let http = url.hasPrefix("ws://") ? "http://" + url.dropFirst("ws://".count) : url
            return .webSocket(SandboxAddress.portable(http, root: root) ?? url)
        default: return self
        }
    }

    /// Whether it names the sandbox (`base sandbox/…`, a `sandbox/…` URL).
    public var usesSandbox: Bool {
        let url: String? = switch self {
        case .base(let url), .url(let url): url
        case .spec(let call): call.source
        case .request(let call): call.target
        case .webSocket(let url): url
        default: nil
        }
        return url.map(SandboxAddress.isPortable) ?? false
    }
}

/// `sandbox/…`: how saved Swift names the sandbox, whose port changes every run.
public enum SandboxAddress {
    /// `http://127.0.0.1:49731/jokes` → `sandbox/jokes` when `root` is `http://127.0.0.1:49731`;
    /// nil for a URL elsewhere.
    public static func portable(_ text: String, root: String) -> String? {
        guard text == root || text.hasPrefix(root + "/") else { return nil }
        return "sandbox" + text.dropFirst(root.count)
    }

    /// Whether `text` is already written as `sandbox/…`.
    public static func isPortable(_ text: String) -> Bool {
        text == "sandbox" || text.hasPrefix("sandbox/")
    }
}
