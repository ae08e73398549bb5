import Foundation
import WorkbenchKit

/// Decodes a JSON document into a resolved model type with JSONDecoder's rules and errors.
public final class ModelDecoder {
    public let options: DecodingOptions
    private var matchers: [ObjectIdentifier: StructKeyMatcher] = [:]
    /// Where this decode's structs keep their fields, one store for each depth of nesting (a new
    /// list for every top-level decode, so a value holds only its own decode's fields). A store then
    /// holds values of deeper structs only, never a struct of its own: one that did would keep
    /// itself, and its document, for ever.
    private var stores: [FieldStore] = []
    /// How many structs the value being decoded is a field of, directly or through arrays.
    private var depth = 0
    lazy var dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        if case .formatted(let format) = options.dates { formatter.dateFormat = format }
        return formatter
    }()
    /// What decodes a `FoundationType`'s values: JSONDecoder with this decode's strategies.
    lazy var foundationDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        if options.keys == .convertFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        switch options.dates {
        case .deferredToDate: break
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .formatted: decoder.dateDecodingStrategy = .formatted(dateFormatter)
        }
        return decoder
    }()

    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
    }

    /// Parses `data` and decodes it; bytes that are not JSON give JSONDecoder's `dataCorrupted` error.
    public func decode(_ type: ResolvedType, from data: Data) throws(DecodingFailure) -> ModelValue {
        guard let document = JSONDocument.parsingLikeFoundation(data) else { throw DecodingFailure.invalidJSON }
        return try decode(type, from: document.root)
    }

    /// Decodes one value of a parsed document (its coding path starts empty).
    public func decode(_ type: ResolvedType, from node: JSONNode) throws(DecodingFailure) -> ModelValue {
        stores = []
        depth = 0
        defer { stores = [] }
        return try value(type, node)
    }

    /// The store of the structs `depth` structs deep.
    private func fieldStore(atDepth depth: Int) -> FieldStore {
        while stores.count <= depth { stores.append(FieldStore()) }
        return stores[depth]
    }

    func value(_ type: ResolvedType, _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        switch type {
        case .optional(let wrapped):
            return node.isNull ? .null : try value(wrapped, node)
        case .string:
            return .documentString(try stringNode(node, nullTypeName: "String"))
        case .integer(let kind):
            return try integer(kind, node)
        case .double:
            guard node.isNumber else { throw mismatch("Double", node) }
            return .double(try double(node))
        case .float:
            guard node.isNumber else { throw mismatch("Float", node) }
            return .float(try float(node))
        case .bool:
            guard let flag = node.bool else { throw mismatch("Bool", node) }
            return .bool(flag)
        case .structure(let schema):
            return try record(schema, node)
        case .array(let element):
            return try array(element, node)
        case .dictionary(let key, let element):
            return try dictionary(type.dictionaryForm, key: key, value: element, node)
        case .enumeration(let schema):
            return try enumCase(schema, node)
        case .url:
            let text = try string(node, nullTypeName: "URL")
            // Most URLs in JSON are plain ASCII that URL(string:) keeps as written; parse only the rest.
            if URLText.keepsItsText(text) { return .documentURL(node) }
            guard let url = URL(string: text) else { throw corrupted("Invalid URL string.") }
            return .url(url.description)
        case .uuid:
            let text = try string(node, nullTypeName: "String")
            guard let uuid = UUID(uuidString: text) else {
                throw corrupted("Attempted to decode UUID from invalid UUID string.")
            }
            return .uuid(uuid)
        case .decimal:
            return try decimal(node)
        case .date:
            return try date(node)
        case .foundation(let type):
            return try foundation(type, node)
        }
    }

    /// A Foundation type with no reading here (`Data` from base64, `TimeZone`, `Measurement`, …):
    /// JSONDecoder decodes the value's own JSON text, and its error, if any, goes on outwards as
    /// ours do, each container adding its key or index to the path.
    private func foundation(_ type: FoundationType, _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        var text: [UInt8] = []
        node.writeJSON(into: &text)
        do {
            return .foundation(try type.decode(Data(text), with: foundationDecoder))
        } catch let error as DecodingError {
            throw DecodingFailure(error)
        } catch {
            throw corrupted(String(describing: error))
        }
    }

    // MARK: Containers

    private func record(_ schema: StructSchema, _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        // Synthesized init(from:) of a struct without stored properties never asks for a container.
        if !schema.needsContainer { return .record(RecordFields([])) }
        guard node.isObject else {
            if node.isNull {
                throw DecodingFailure(.valueNotFound("Dictionary<String, Any>"), codingPath: [],
                                      debugDescription: "Cannot get keyed decoding container -- found null value instead")
            }
            throw mismatch("Dictionary<String, Any>", node)
        }
        let decodedCount = schema.decodedFields.count
        let matcher = self.matcher(for: schema)
        // Pass 1 finds each field's node (the first of duplicate keys wins); pass 2 decodes in declaration
        // order, so the first error is the one synthesized init(from:) meets first.
        return try withUnsafeTemporaryAllocation(of: JSONNode?.self, capacity: max(decodedCount, 1)) {
            buffer throws(DecodingFailure) -> ModelValue in
            buffer.initialize(repeating: nil)
            defer { buffer.deinitialize() }
            var iterator = node.members.makeIterator()
            var position = 0
            while let (key, member) = iterator.nextNodes() {
                // JSONDecoder reads every key when it opens the object: a malformed one fails first.
                if key.isMalformed { throw DecodingFailure.invalidJSON }
                let slot = matcher.field(for: key, at: position)
                if slot >= 0 && buffer[slot] == nil { buffer[slot] = member }
                position += 1
            }
            let store = fieldStore(atDepth: depth)
            let start = store.reserveRecord(schema.fields.count)
            depth += 1
            defer { depth -= 1 }
            var slot = 0
            for (index, field) in schema.fields.enumerated() {
                guard let key = field.key else {
                    if let defaultValue = field.defaultValue { store.set(defaultValue, at: start + index) }
                    continue
                }
                let member = buffer[slot]
                slot += 1
                guard let member else {
                    // An absent optional stays nil.
                    if case .optional = field.type { continue }
                    throw DecodingFailure(
                        .keyNotFound(.key(key)), codingPath: [],
                        debugDescription: "No value associated with key CodingKeys(stringValue: \(key.debugDescription), "
                            + "intValue: nil) (\(key.debugDescription)).")
                }
                do throws(DecodingFailure) {
                    // A struct in a field keeps its fields in the next store (`depth`).
                    let decoded = try value(field.type, member)
                    store.set(decoded, at: start + index)
                } catch {
                    throw error.prefixed(.key(key))
                }
            }
            return .record(RecordFields(store: store, start: start, count: schema.fields.count))
        }
    }

    private func matcher(for schema: StructSchema) -> StructKeyMatcher {
        let id = ObjectIdentifier(schema)
        if let found = matchers[id] { return found }
        let made = StructKeyMatcher(schema: schema, snakeCase: options.keys == .convertFromSnakeCase)
        matchers[id] = made
        return made
    }

    private func array(_ element: ResolvedType, _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        guard node.isArray else {
            if node.isNull {
                throw DecodingFailure(.valueNotFound("Array<Any>"), codingPath: [],
                                      debugDescription: "Cannot get unkeyed decoding container -- found null value instead")
            }
            throw mismatch("Array<Any>", node)
        }
        var items: [ModelValue] = []
        items.reserveCapacity(node.count)
        switch element {
        case .structure(let schema), .optional(.structure(let schema)):
            fieldStore(atDepth: depth).reserve(additional: node.count * schema.fields.count)
        default:
            break
        }
        var index = 0
        let throughOptional = element.isOptional
        // A document mapped from its file need not stay resident behind the decode: the values keep
        // only offsets into it, read again from the page cache when asked for.
        var behind = JSONPagesBehind(startingAt: node)
        for item in node.elements {
            do {
                items.append(try value(element, item))
            } catch {
                throw error.throughOptional(throughOptional).prefixed(.index(index))
            }
            behind?.passed(item)
            index += 1
        }
        return .array(items)
    }

    private func enumCase(_ schema: EnumSchema, _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        if schema.rawType == .string {
            let raw = try string(node, nullTypeName: "String")
            guard let index = schema.stringRawValues[raw] else {
                throw corrupted("Cannot initialize \(schema.name) from invalid String value \(raw)")
            }
            return .enumCase(index)
        }
        guard case .integer(let kind) = schema.rawType else { throw corrupted("unsupported raw type") }
        let raw = try integer(kind, node)
        let number: Int64
        switch raw {
        case .int(let value): number = value
        case .uint(let value):
            guard let fits = Int64(exactly: value) else {
                throw corrupted("Cannot initialize \(schema.name) from invalid \(kind.rawValue) value \(value)")
            }
            number = fits
        default: number = 0
        }
        guard let index = schema.intRawValues[number] else {
            throw corrupted("Cannot initialize \(schema.name) from invalid \(kind.rawValue) value \(number)")
        }
        return .enumCase(index)
    }

    // MARK: Errors

    func mismatch(_ typeName: String, _ node: JSONNode) -> DecodingFailure {
        if node.isNull {
            return DecodingFailure(.valueNotFound(typeName), codingPath: [],
                                   debugDescription: "Cannot get value of type \(typeName) -- found null value instead")
        }
        return DecodingFailure(.typeMismatch(typeName), codingPath: [],
                               debugDescription: "Expected to decode \(typeName) but found \(Self.word(for: node)) instead.")
    }

    func corrupted(_ message: String) -> DecodingFailure {
        DecodingFailure(.dataCorrupted, codingPath: [], debugDescription: message)
    }

    static func word(for node: JSONNode) -> String {
        switch node.kind {
        case .object: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        }
    }
}

extension DecodingFailure {
    /// The error as seen after passing through `Optional.init(from:)`, which restores the full path.
    func throughOptional(_ optional: Bool) -> DecodingFailure {
        guard optional, skipsNextComponent else { return self }
        var copy = self
        copy.skipsNextComponent = false
        return copy
    }

    /// The same error one level further out: `component` goes first in the coding path.
    func prefixed(_ component: CodingPathComponent) -> DecodingFailure {
        if self == .invalidJSON { return self }
        var copy = self
        if skipsNextComponent {
            copy.skipsNextComponent = false
            return copy
        }
        copy.codingPath.insert(component, at: 0)
        return copy
    }
}
