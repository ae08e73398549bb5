import Foundation
import WorkbenchKit

/// A decoded value; what it is (struct, enum, optional) comes from the `ResolvedType` it was decoded as.
///
/// Decoding copies no text and allocates no array per struct (docs/ARCHITECTURE.md, "Decoded
/// values"): a string is a node of the document it came from, and a struct's fields are a range of
/// one buffer shared by every struct of the decode. The value is two words whatever its case: what
/// needs more (a made string, a URL's text, a UUID, a dictionary) is boxed, and is rare in a
/// decoded document's bulk.
public enum ModelValue: Sendable {
    /// `nil` of an optional.
    case null
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case float(Float)
    case bool(Bool)
    /// A string made here (a literal, a key, a raw value).
    indirect case string(String)
    /// A string of a decoded document, read from it when used; never a malformed one (decoding
    /// checks). The same Swift `String` as `.string` of its text: the two compare equal.
    case documentString(JSONNode)
    case date(Date)
    /// A URL, held as its `description` (what `URL(string:)` made of the text); `URL(string:)` gives it back.
    indirect case url(String)
    /// A URL whose document text is its `description` already (most are), read from the document.
    case documentURL(JSONNode)
    indirect case uuid(UUID)
    indirect case decimal(Decimal)
    case array([ModelValue])
    /// Keys (strings or ints) and values, in document order.
    indirect case dictionary(keys: [ModelValue], values: [ModelValue])
    /// A struct's stored properties, in declaration order.
    case record(RecordFields)
    /// An enum case, by index in its declaration.
    case enumCase(Int)
    /// A value of a `FoundationType` (`Data`, `TimeZone`, …), as JSONDecoder made it.
    case foundation(FoundationValue)

    /// Elements of an array or values of a dictionary; nil for other values.
    public var count: Int? {
        switch self {
        case .array(let items): items.count
        case .dictionary(let keys, _): keys.count
        default: nil
        }
    }

    /// The text of a string, made or read from its document; nil for other values.
    public var text: String? {
        switch self {
        case .string(let text): text
        case .documentString(let node): node.string
        default: nil
        }
    }

    /// A node of the document the value was decoded from, if it is one or one of its struct's fields
    /// is: where in the document a reader of the value has got to.
    var documentNodeNearTop: JSONNode? {
        switch self {
        case .documentString(let node), .documentURL(let node):
            return node
        case .record(let fields):
            for field in fields {
                if case .documentString(let node) = field { return node }
                if case .documentURL(let node) = field { return node }
            }
            return nil
        default:
            return nil
        }
    }

    /// A URL's `description`, made or read from its document; nil for other values.
    public var urlText: String? {
        switch self {
        case .url(let text): text
        case .documentURL(let node): node.string
        default: nil
        }
    }
}

extension ModelValue: Equatable {
    /// Equal when Swift's values would be: a document's string equals a made one of the same text.
    public static func == (lhs: ModelValue, rhs: ModelValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.int(let left), .int(let right)): left == right
        case (.uint(let left), .uint(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.float(let left), .float(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.string, _), (.documentString, _): lhs.text != nil && lhs.text == rhs.text
        case (.date(let left), .date(let right)): left == right
        case (.url, _), (.documentURL, _): lhs.urlText != nil && lhs.urlText == rhs.urlText
        case (.uuid(let left), .uuid(let right)): left == right
        case (.decimal(let left), .decimal(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.dictionary(let leftKeys, let leftValues), .dictionary(let rightKeys, let rightValues)):
            leftKeys == rightKeys && leftValues == rightValues
        case (.record(let left), .record(let right)): left.elementsEqual(right)
        case (.enumCase(let left), .enumCase(let right)): left == right
        case (.foundation(let left), .foundation(let right)): left.isEqual(to: right)
        default: false
        }
    }
}
