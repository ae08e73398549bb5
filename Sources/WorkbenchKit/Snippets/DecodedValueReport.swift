/// What `decode` prints: a summary line, then exactly what `print(value)` prints.
public struct DecodedValueReport: Sendable, Equatable {
    /// The type as Swift source, with sugar: `[Post]`, `Post?`, `[String: Int]`.
    public var typeName: String
    /// Elements of an array or entries of a dictionary; nil for any other value.
    public var count: (number: Int, isDictionary: Bool)?
    /// Writes `print(value)`'s text to its argument, in pieces: the text of a decoded document can
    /// be tens of megabytes, and printed whole it is never held whole.
    public let writeText: @Sendable (_ emit: (String) -> Void) -> Void
    /// For an array, each element as the array prints it (`debugPrint`'s text); lets a terminal cut
    /// between elements. Only needed on a terminal.
    public var elements: [String]?

    /// Characters shown on a terminal before the value is cut.
    public static let terminalLimit = 2_000

    public init(typeName: String, count: (number: Int, isDictionary: Bool)?, text: String, elements: [String]? = nil) {
        self.init(typeName: typeName, count: count, elements: elements) { emit in emit(text) }
    }

    public init(typeName: String, count: (number: Int, isDictionary: Bool)?, elements: [String]? = nil,
                writingText writeText: @escaping @Sendable (_ emit: (String) -> Void) -> Void) {
        self.typeName = typeName
        self.count = count
        self.writeText = writeText
        self.elements = elements
    }

    /// `print(value)`'s text, whole.
    public var fullText: String {
        var text = ""
        writeText { text += $0 }
        return text
    }

    /// `[Post] · 10 values`, `[String: Int] · 1 entry`, `Post`.
    public var summary: String {
        guard let count else { return typeName }
        let unit = count.isDictionary ? (count.number == 1 ? "entry" : "entries") : (count.number == 1 ? "value" : "values")
        return "\(typeName) · \(count.number) \(unit)"
    }

    /// The value's text, cut near `limit` characters as the REPL cuts it: an array between
    /// elements with a count of the rest, anything else with a count of characters.
    public func text(limit: Int?) -> (text: String, cut: Bool) {
        let fullText = fullText
        guard let limit, fullText.count > limit else { return (fullText, false) }
        if let elements {
            var text = "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                if text.count > limit { return (text + "… \(elements.count - index) more]", true) }
                text += element
            }
            return (text + "]", false)
        }
        guard fullText.count > limit + 200 else { return (fullText, false) }
        return (String(fullText.prefix(limit)) + "… (\(fullText.count - limit) more characters)", true)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.typeName == rhs.typeName && lhs.fullText == rhs.fullText
            && lhs.elements == rhs.elements && lhs.count?.number == rhs.count?.number && lhs.count?.isDictionary == rhs.count?.isDictionary
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
