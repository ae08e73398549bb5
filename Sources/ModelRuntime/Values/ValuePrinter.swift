import Foundation
import WorkbenchKit

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
        writeTopLevel(value, as: type, into: &output)
        return output
    }

    /// What `print(value)` prints, handed to `emit` in pieces of about 64 KB: the text of a decoded
    /// document can be tens of megabytes, and is never held whole.
    public func stream(_ value: ModelValue, as type: ResolvedType, to emit: (String) -> Void) {
        withoutActuallyEscaping(emit) { emit in
            var output = ChunkedText(emit: emit)
            writeTopLevel(value, as: type, into: &output)
            output.finish()
        }
    }

    private func writeTopLevel(_ value: ModelValue, as type: ResolvedType, into output: inout some TextOutputStream) {
        switch (value, type) {
        case (.record(let fields), .structure(let schema)):
            output.write(schema.name)
            writeFields(fields, of: schema, into: &output)
        case (.enumCase(let index), .enumeration(let schema)):
            output.write(schema.caseNames[index])
        case (.string(let text), .string):
            output.write(text)
        case (.documentString(let node), .string):
            output.write(node.string ?? "")
        case (.foundation(let value), .foundation):
            output.write(value.printed)
        default:
            write(value, as: type, into: &output)
        }
    }

    /// What `debugPrint(value)` prints: the form used inside containers and struct fields.
    public func write(_ value: ModelValue, as type: ResolvedType, into output: inout some TextOutputStream) {
        switch (value, type) {
        case (.null, _):
            output.write("nil")
        case (_, .optional(let wrapped)):
            output.write("Optional(")
            write(value, as: wrapped, into: &output)
            output.write(")")
        case (.record(let fields), .structure(let schema)):
            output.write(moduleName)
            output.write(".")
            output.write(schema.qualifiedName)
            writeFields(fields, of: schema, into: &output)
        case (.enumCase(let index), .enumeration(let schema)):
            output.write(moduleName + "." + schema.qualifiedName + "." + schema.caseNames[index])
        case (.array(let items), .array(let element)):
            output.write("[")
            var printed = PrintedPages()
            for (index, item) in items.enumerated() {
                if index > 0 { output.write(", ") }
                write(item, as: element, into: &output)
                printed.passed(item)
            }
            output.write("]")
        case (.dictionary(let keys, let values), .dictionary(let keyType, let element)):
            guard !keys.isEmpty else { output.write("[:]"); return }
            output.write("[")
            for index in keys.indices {
                if index > 0 { output.write(", ") }
                write(keys[index], as: keyType, into: &output)
                output.write(": ")
                write(values[index], as: element, into: &output)
            }
            output.write("]")
        default:
            writeScalar(value, into: &output)
        }
    }

    private func writeFields(_ fields: RecordFields, of schema: StructSchema, into output: inout some TextOutputStream) {
        output.write("(")
        for (index, field) in schema.fields.enumerated() where index < fields.count {
            if index > 0 { output.write(", ") }
            output.write(field.name)
            output.write(": ")
            write(fields[index], as: field.type, into: &output)
        }
        output.write(")")
    }

    private func writeScalar(_ value: ModelValue, into output: inout some TextOutputStream) {
        switch value {
        case .null: output.write("nil")
        case .int(let number): output.write(String(number))
        case .uint(let number): output.write(String(number))
        case .double(let number): output.write(number.description)
        case .float(let number): output.write(number.description)
        case .bool(let flag): output.write(flag ? "true" : "false")
        case .string(let text): output.write(text.debugDescription)
        case .documentString(let node): writeQuoted(node, into: &output)
        case .date(let date): output.write(date.description)
        case .url(let text): output.write(text)
        case .documentURL(let node): output.write(node.string ?? "")
        case .uuid(let uuid): output.write(uuid.uuidString)
        case .decimal(let decimal): output.write(decimal.description)
        case .enumCase(let index): output.write("case \(index)")
        case .foundation(let value): output.write(value.debugPrinted)
        case .array, .dictionary, .record: output.write("…")
        }
    }
}

extension ValuePrinter {
    /// `debugDescription` of a document's string. Most are printable ASCII without escapes or `'`,
    /// which it leaves as they are (quoted): those are written from the document's bytes; the rest
    /// go through `debugDescription` itself.
    private func writeQuoted(_ node: JSONNode, into output: inout some TextOutputStream) {
        let plain = node.withRawStringBytes { bytes, hasEscapes in
            !hasEscapes && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "'") }
        }
        if plain == true, let text = node.string {
            output.write("\"")
            output.write(text)
            output.write("\"")
        } else {
            output.write((node.string ?? "").debugDescription)
        }
    }
}

/// How far the printing of an array decoded from a mapped document has read in it: its strings are
/// read from the document, whose pages need not stay resident behind the printer (`JSONPagesBehind`).
private struct PrintedPages {
    private var behind: JSONPagesBehind?
    private var started = false

    mutating func passed(_ item: ModelValue) {
        // Values of a document in memory (a response body): nothing to let go of, nothing to look for.
        if started && behind == nil { return }
        guard let node = item.documentNodeNearTop else { return }
        if started {
            behind?.passed(node)
        } else {
            started = true
            behind = JSONPagesBehind(startingAt: node)
        }
    }
}

/// Text collected up to a chunk's size, then handed on.
private struct ChunkedText: TextOutputStream {
    static let chunk = 1 << 16
    let emit: (String) -> Void
    var text = ""

    init(emit: @escaping (String) -> Void) {
        self.emit = emit
        text.reserveCapacity(Self.chunk + 4096)
    }

    mutating func write(_ string: String) {
        text += string
        if text.utf8.count >= Self.chunk {
            emit(text)
            text.removeAll(keepingCapacity: true)
        }
    }

    mutating func finish() {
        if !text.isEmpty { emit(text) }
    }
}
