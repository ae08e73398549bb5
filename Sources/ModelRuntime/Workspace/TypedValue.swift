import WorkbenchKit

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

    /// What the REPL shows for the value: its type, its count, `print(value)`'s text and, for a
    /// terminal (which cuts long values between elements), each element's text.
    public func report(moduleName: String, forTerminal: Bool) -> DecodedValueReport {
        var count: (number: Int, isDictionary: Bool)?
        switch value {
        case .array(let items): count = (items.count, false)
        case .dictionary(let keys, _): count = (keys.count, true)
        default: break
        }
        var elements: [String]?
        if forTerminal, case .array(let items) = value, case .array(let element) = type {
            let printer = ValuePrinter(moduleName: moduleName)
            elements = items.map { item in
                var text = ""
                printer.write(item, as: element, into: &text)
                return text
            }
        }
        let (value, type) = (value, type)
        return DecodedValueReport(typeName: type.source, count: count, elements: elements) { emit in
            ValuePrinter(moduleName: moduleName).stream(value, as: type, to: emit)
        }
    }
}
