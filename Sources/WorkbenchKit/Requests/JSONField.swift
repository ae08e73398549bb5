import Foundation

/// A field of a JSON body given httpie-style: `title=foo` is a string, `userId:=1` raw JSON.
///
/// Literals read naturally in a snippet: `json: ["title": "foo", "userId": 1, "draft": true]`.
public enum JSONField: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    /// Sent as a JSON string.
    case string(String)
    /// JSON text sent as it is (a number, `true`, `null`, an array or object); checked before sending.
    case json(String)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .json(String(value)) }
    public init(floatLiteral value: Double) { self = .json(String(value)) }
    public init(booleanLiteral value: Bool) { self = .json(value ? "true" : "false") }
    public init(nilLiteral: ()) { self = .json("null") }

    /// `{"title":"foo","userId":1}` from the fields in order; raw values must be valid JSON.
    public static func object(_ fields: [(name: String, value: JSONField)]) throws(WorkbenchError) -> String {
        var members: [String] = []
        for (name, value) in fields {
            switch value {
            case .string(let text):
                members.append(JSONString.quoted(name) + ":" + JSONString.quoted(text))
            case .json(let text):
                do {
                    _ = try RequestBody.validatedJSON(text)
                } catch {
                    if case .invalidJSONBody(let reason, _, _) = error {
                        throw .invalidJSONField(name: name, reason: reason)
                    }
                    throw error
                }
                members.append(JSONString.quoted(name) + ":" + text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
