import Foundation

/// The JSON in `data` indented, its keys sorted, for printing; other bytes as text.
public func pretty(_ data: Data) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: data),
          let text = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    else { return String(decoding: data, as: UTF8.self) }
    return String(decoding: text, as: UTF8.self)
}
