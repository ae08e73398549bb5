/// A value with the type it was decoded or computed as: what bindings hold and the REPL prints.
public struct TypedValue: Sendable {
    public var value: ModelValue
    public var type: ResolvedType

    public init(value: ModelValue, type: ResolvedType) {
        self.value = value
        self.type = type
    }

    /// The type as Swift source and, for collections, the count: `[Post] · 10 values`.
    public var summary: String {
        switch (value, type) {
        case (.array(let items), _):
            return "\(type.source) · \(items.count) \(items.count == 1 ? "value" : "values")"
        case (.dictionary(let keys, _), _):
            return "\(type.source) · \(keys.count) \(keys.count == 1 ? "entry" : "entries")"
        default:
            return type.source
        }
    }

    /// Exactly what `print(value)` prints in a module named `moduleName`.
    public func printed(moduleName: String) -> String {
        ValuePrinter(moduleName: moduleName).description(of: value, as: type)
    }

    /// `print(value)`'s text cut near `limit` characters; array elements are cut whole and counted.
    public func printed(moduleName: String, limit: Int) -> (text: String, truncated: Bool) {
        let printer = ValuePrinter(moduleName: moduleName)
        if case .array(let items) = value, case .array(let element) = type {
            var text = "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                if text.count > limit {
                    return (text + "… \(items.count - index) more]", true)
                }
                printer.write(item, as: element, into: &text)
            }
            return (text + "]", false)
        }
        let full = printer.description(of: value, as: type)
        guard full.count > limit + 200 else { return (full, false) }
        return (String(full.prefix(limit)) + "… (\(full.count - limit) more characters)", true)
    }
}
