/// A struct's stored property values, in declaration order: a range of a `FieldStore`.
///
/// Every struct of one decode shares one store, so `[Photo]` of 92,505 photos is one buffer of
/// 462,525 values instead of 92,505 arrays (the array header and its allocation cost more than
/// five fields).
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
        return store.values[start + position]
    }
}

/// The fields of the structs of one decode, end to end. Filled by that decode alone (the
/// `ModelDecoder` that made it), never changed after it returns: every `RecordFields` over it
/// reads values that no longer move, which is what makes it safe to share.
final class FieldStore: @unchecked Sendable {
    fileprivate(set) var values: ContiguousArray<ModelValue>

    init(_ values: [ModelValue] = []) {
        self.values = ContiguousArray(values)
    }

    /// Room for `count` more fields, set to nil until `set(_:at:)`; their first index.
    func reserveRecord(_ count: Int) -> Int {
        let start = values.count
        values.append(contentsOf: repeatElement(.null, count: count))
        return start
    }

    func set(_ value: ModelValue, at index: Int) {
        values[index] = value
    }

    /// Capacity for `additional` more fields, growing at least twofold so that many small
    /// reservations (one per nested array) stay linear.
    func reserve(additional: Int) {
        let needed = values.count + additional
        if needed > values.capacity { values.reserveCapacity(max(needed, values.capacity * 2)) }
    }
}
