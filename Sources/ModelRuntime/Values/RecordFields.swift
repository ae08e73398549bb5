import WorkbenchKit

/// A struct's stored property values, in declaration order: a range of a `FieldStore`.
///
/// Every struct of one decode as deep in it shares one store (`ModelDecoder`), so `[Photo]` of
/// 92,505 photos is one buffer of 462,525 fields instead of 92,505 arrays (the array header and
/// its allocation cost more than five fields).
///
/// Fourteen bytes, so that `ModelValue` stays two words: a store holds up to 2³² fields and a
/// struct up to 65,535 stored properties.
public struct RecordFields: RandomAccessCollection, Sendable {
    let store: FieldStore
    private let first: UInt32
    private let fieldCount: UInt16

    init(store: FieldStore, start: Int, count: Int) {
        precondition(start >= 0 && start + count <= Int(UInt32.max) && count <= Int(UInt16.max), "too many fields for one record")
        self.store = store
        first = UInt32(start)
        fieldCount = UInt16(count)
    }

    /// Fields of a store of their own (a struct made outside a decode).
    public init(_ values: [ModelValue]) {
        self.init(store: FieldStore(values), start: 0, count: values.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(fieldCount) }
    var start: Int { Int(first) }

    public subscript(position: Int) -> ModelValue {
        precondition(position >= 0 && position < endIndex, "field index out of range")
        return store[start + position]
    }
}

/// The fields of the structs of one decode at one depth, end to end. Filled by that decode alone
/// (the `ModelDecoder` that made it), never changed after it returns: every `RecordFields` over it
/// reads values that no longer move, which is what makes it safe to share.
///
/// A field is one 32-bit word, not a 16-byte `ModelValue`, for what the bulk of a decoded document
/// holds: a string or URL of the document (its node's position; the store keeps one node, which
/// keeps the document), an integer within ±2²⁸, a Bool, nil, an enum case. A Double or a wider
/// integer is eight bytes beside it, anything else a `ModelValue` beside it. The REPL keeps these
/// next to the Swift host's own copy of the same values, so they count twice for a session: for an
/// 80 MB `[Photo]` (1,839,230 fields) 7 MiB instead of 28.
final class FieldStore: @unchecked Sendable {
    /// One word per field: what it is in the low three bits (`Word`), its payload in the other 29.
    private var words: ContiguousArray<UInt32> = []
    /// Doubles and integers too wide for a word, as bit patterns; a word holds the index.
    private var wide: ContiguousArray<UInt64> = []
    /// Every other field; a word holds the index.
    private var others: ContiguousArray<ModelValue> = []
    /// A node of the document the words' positions are in (the first document node stored).
    private var document: JSONNode?

    init(_ values: [ModelValue] = []) {
        words.reserveCapacity(values.count)
        for value in values { words.append(word(for: value)) }
    }

    /// How many fields the store holds.
    var count: Int { words.count }

    /// How many fields are kept beside the words (wide numbers and other values), for tests.
    var keptBeside: Int { wide.count + others.count }

    subscript(index: Int) -> ModelValue {
        let word = words[index]
        let payload = Int(word >> Word.payloadShift)
        switch word & Word.kindMask {
        case Word.null: return .null
        case Word.documentString: return .documentString(document!.node(atPosition: payload))
        case Word.documentURL: return .documentURL(document!.node(atPosition: payload))
        // The arithmetic shift restores the sign that `word(for:)` left in the top bit.
        case Word.int: return .int(Int64(Int32(bitPattern: word) >> Word.payloadShift))
        case Word.flag: return word & Word.enumFlag == 0 ? .bool(word >> Word.flagShift != 0) : .enumCase(Int(word >> Word.flagShift))
        case Word.double: return .double(Double(bitPattern: wide[payload]))
        case Word.wideInt: return .int(Int64(bitPattern: wide[payload]))
        default: return others[payload]
        }
    }

    /// Room for `count` more fields, set to nil until `set(_:at:)`; their first index.
    func reserveRecord(_ count: Int) -> Int {
        let start = words.count
        words.append(contentsOf: repeatElement(Word.null, count: count))
        return start
    }

    /// Sets a field `reserveRecord` made room for. The decode sets each once; a second set of a
    /// field kept beside the words leaves the first value there unread.
    func set(_ value: ModelValue, at index: Int) {
        words[index] = word(for: value)
    }

    /// Capacity for `additional` more fields, growing at least twofold so that many small
    /// reservations (one per nested array) stay linear.
    func reserve(additional: Int) {
        let needed = words.count + additional
        if needed > words.capacity { words.reserveCapacity(max(needed, words.capacity * 2)) }
    }

    private func word(for value: ModelValue) -> UInt32 {
        switch value {
        case .null:
            return Word.null
        case .documentString(let node):
            if let position = position(of: node) { return Word.documentString | position << Word.payloadShift }
        case .documentURL(let node):
            if let position = position(of: node) { return Word.documentURL | position << Word.payloadShift }
        case .int(let number):
            // Two's complement in 29 bits: the shift drops the top three bits, which for a number
            // in range repeat its sign.
            if number >= -Word.intLimit && number < Word.intLimit {
                return Word.int | UInt32(truncatingIfNeeded: number) << Word.payloadShift
            }
            return Word.wideInt | keep(wide: UInt64(bitPattern: number))
        case .bool(let flag):
            return Word.flag | (flag ? 1 : 0) << Word.flagShift
        case .enumCase(let index):
            if index >= 0 && index < Int(Word.intLimit) { return Word.flag | Word.enumFlag | UInt32(index) << Word.flagShift }
        case .double(let number):
            return Word.double | keep(wide: number.bitPattern)
        default:
            break
        }
        return Word.other | kept(index: others.count) { others.append(value) }
    }

    /// The position of a node of this store's document, when a word can hold it.
    private func position(of node: JSONNode) -> UInt32? {
        if let document {
            guard node.isInSameDocument(as: document) else { return nil }
        } else {
            document = node
        }
        let position = node.position
        return position < 1 << (32 - Word.payloadShift) ? UInt32(position) : nil
    }

    private func keep(wide bits: UInt64) -> UInt32 {
        kept(index: wide.count) { wide.append(bits) }
    }

    /// The payload for index `index` of a side array, after `append` adds the value there.
    private func kept(index: Int, _ append: () -> Void) -> UInt32 {
        precondition(index < 1 << (32 - Word.payloadShift), "too many fields of one decode kept beside the words")
        append()
        return UInt32(index) << Word.payloadShift
    }

    /// What a word's low bits say it holds.
    private enum Word {
        static let kindMask: UInt32 = 0x7
        static let payloadShift: UInt32 = 3
        static let null: UInt32 = 0
        static let documentString: UInt32 = 1
        static let documentURL: UInt32 = 2
        static let int: UInt32 = 3
        /// A Bool, or with `enumFlag` set an enum case; the value above `flagShift`.
        static let flag: UInt32 = 4
        static let double: UInt32 = 5
        static let wideInt: UInt32 = 6
        static let other: UInt32 = 7
        static let enumFlag: UInt32 = 0x8
        static let flagShift: UInt32 = 4
        /// Integers in `-intLimit..<intLimit` fit a word's 29 bits.
        static let intLimit: Int64 = 1 << 28
    }
}
