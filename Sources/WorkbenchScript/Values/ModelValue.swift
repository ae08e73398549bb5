import Foundation

/// A decoded value; what it is (struct, enum, optional) comes from the `ResolvedType` it was decoded as.
public enum ModelValue: Sendable, Equatable {
    /// `nil` of an optional.
    case null
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case float(Float)
    case bool(Bool)
    case string(String)
    case date(Date)
    /// A URL, held as its `description` (what `URL(string:)` made of the text); `URL(string:)` gives it back.
    case url(String)
    case uuid(UUID)
    indirect case decimal(Decimal)
    case array([ModelValue])
    /// Keys (strings or ints) and values, in document order.
    case dictionary(keys: [ModelValue], values: [ModelValue])
    /// A struct's stored properties, in declaration order.
    case record([ModelValue])
    /// An enum case, by index in its declaration.
    case enumCase(Int)

    /// Elements of an array or values of a dictionary; nil for other values.
    public var count: Int? {
        switch self {
        case .array(let items): items.count
        case .dictionary(let keys, _): keys.count
        default: nil
        }
    }
}
