/// What `decode` prints: a summary line, then exactly what `print(value)` prints.
public struct DecodedValueReport: Sendable, Equatable {
    /// The type as Swift source, with sugar: `[Post]`, `Post?`, `[String: Int]`.
    public var typeName: String
    /// Elements of an array or entries of a dictionary; nil for any other value.
    public var count: (number: Int, isDictionary: Bool)?
    /// `print(value)`'s text.
    public var fullText: String

    /// Characters shown on a terminal before the value is cut.
    public static let terminalLimit = 2_000

    public init(typeName: String, count: (number: Int, isDictionary: Bool)?, text: String) {
        self.typeName = typeName
        self.count = count
        self.fullText = text
    }

    /// `[Post] · 10 values`, `[String: Int] · 1 entry`, `Post`.
    public var summary: String {
        guard let count else { return typeName }
        let unit = count.isDictionary ? (count.number == 1 ? "entry" : "entries") : (count.number == 1 ? "value" : "values")
        return "\(typeName) · \(count.number) \(unit)"
    }

    /// The value's text, cut after `limit` characters with a count of the rest.
    public func text(limit: Int?) -> String {
        guard let limit, fullText.count > limit else { return fullText }
        return String(fullText.prefix(limit)) + "… (\(fullText.count - limit) more characters)"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.typeName == rhs.typeName && lhs.fullText == rhs.fullText
            && lhs.count?.number == rhs.count?.number && lhs.count?.isDictionary == rhs.count?.isDictionary
    }

    /// The count of a compiled value, when it is an array or a dictionary.
    struct Counted {
        let count: (number: Int, isDictionary: Bool)?

        init(_ value: Any) {
            if let array = value as? [Any] {
                count = (array.count, false)
            } else if let dictionary = value as? [AnyHashable: Any] {
                count = (dictionary.count, true)
            } else {
                count = nil
            }
        }
    }
}
