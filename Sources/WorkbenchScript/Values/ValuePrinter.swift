import Foundation

/// Prints decoded values exactly as Swift's `print` prints the same values of compiled types.
public struct ValuePrinter: Sendable {
    /// The module compiled types would live in (`main` at the prompt, the snippet's module in replay).
    public var moduleName: String

    public init(moduleName: String = "main") {
        self.moduleName = moduleName
    }

    /// What `print(value)` prints.
    public func description(of value: ModelValue, as type: ResolvedType) -> String {
        var output = ""
        switch (value, type) {
        case (.record(let fields), .structure(let schema)):
            output += schema.name
            writeFields(fields, of: schema, into: &output)
        case (.enumCase(let index), .enumeration(let schema)):
            output += schema.caseNames[index]
        case (.string(let text), .string):
            output += text
        default:
            write(value, as: type, into: &output)
        }
        return output
    }

    /// What `debugPrint(value)` prints: the form used inside containers and struct fields.
    public func write(_ value: ModelValue, as type: ResolvedType, into output: inout String) {
        switch (value, type) {
        case (.null, _):
            output += "nil"
        case (_, .optional(let wrapped)):
            output += "Optional("
            write(value, as: wrapped, into: &output)
            output += ")"
        case (.record(let fields), .structure(let schema)):
            output += moduleName
            output += "."
            output += schema.qualifiedName
            writeFields(fields, of: schema, into: &output)
        case (.enumCase(let index), .enumeration(let schema)):
            output += moduleName + "." + schema.qualifiedName + "." + schema.caseNames[index]
        case (.array(let items), .array(let element)):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                write(item, as: element, into: &output)
            }
            output += "]"
        case (.dictionary(let keys, let values), .dictionary(let keyType, let element)):
            guard !keys.isEmpty else { output += "[:]"; return }
            output += "["
            for index in keys.indices {
                if index > 0 { output += ", " }
                write(keys[index], as: keyType, into: &output)
                output += ": "
                write(values[index], as: element, into: &output)
            }
            output += "]"
        default:
            writeScalar(value, into: &output)
        }
    }

    private func writeFields(_ fields: [ModelValue], of schema: StructSchema, into output: inout String) {
        output += "("
        for (index, field) in schema.fields.enumerated() where index < fields.count {
            if index > 0 { output += ", " }
            output += field.name
            output += ": "
            write(fields[index], as: field.type, into: &output)
        }
        output += ")"
    }

    private func writeScalar(_ value: ModelValue, into output: inout String) {
        switch value {
        case .null: output += "nil"
        case .int(let number): output += String(number)
        case .uint(let number): output += String(number)
        case .double(let number): output += number.description
        case .float(let number): output += number.description
        case .bool(let flag): output += flag ? "true" : "false"
        case .string(let text): output += text.debugDescription
        case .date(let date): output += date.description
        case .url(let text): output += text
        case .uuid(let uuid): output += uuid.uuidString
        case .decimal(let decimal): output += decimal.description
        case .enumCase(let index): output += "case \(index)"
        case .array, .dictionary, .record: output += "…"
        }
    }
}
