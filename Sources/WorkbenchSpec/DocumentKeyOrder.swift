import Foundation
import WorkbenchKit

/// The order a JSON document wrote the keys of its paths, schemas, responses and properties in.
///
/// OpenAPIKit keeps a document's order in its dictionaries, but only as the decoder gives the keys:
/// Foundation's JSONDecoder gives them from a hashed dictionary, in an order that changes from run
/// to run (Yams gives YAML's in order). Read again from the bytes, `spec` lists the paths and
/// responses, and `spec models` declares the properties, as the document has them, every run.
struct DocumentKeyOrder: Sendable {
    /// The objects whose keys are read: the members of these names, wherever they are.
    static let orderedMembers: Set<String> = ["paths", "schemas", "responses", "properties"]

    /// For each set of keys (sorted, NUL-separated), the order the document first wrote it in.
    private var orders: [String: [String]] = [:]

    /// No order to restore: a YAML document's, which its decoder kept.
    static let none = DocumentKeyOrder()

    private init() {}

    /// The orders of `data`'s objects; none if it is not JSON this parser reads (the decoder's error is the one shown).
    init(json data: Data) {
        guard let document = try? JSONDocument(parsing: data, options: .foundationCompatible) else { return }
        var pending = [document.root]
        while let node = pending.popLast() {
            if node.isArray {
                pending.append(contentsOf: node.elements)
            } else if node.isObject {
                for (key, value) in node.members where value.isObject || value.isArray {
                    if value.isObject, Self.orderedMembers.contains(key) {
                        let keys = value.members.map(\.key)
                        let signature = Self.signature(keys)
                        if orders[signature] == nil { orders[signature] = keys }
                    }
                    pending.append(value)
                }
            }
        }
    }

    /// `items` in the order the document wrote their keys; as given when it wrote no object of those keys.
    func ordered<Item>(_ items: [Item], key: (Item) -> String) -> [Item] {
        let keys = items.map(key)
        guard let order = orders[Self.signature(keys)] else { return items }
        let position = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return zip(items, keys).sorted { (position[$0.1] ?? .max) < (position[$1.1] ?? .max) }.map(\.0)
    }

    private static func signature(_ keys: [String]) -> String {
        keys.sorted().joined(separator: "\u{0}")
    }
}
