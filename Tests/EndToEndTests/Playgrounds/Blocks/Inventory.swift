// Inventory: #Playground blocks run in the file's order over a file-scope value they all change;
// one catches its own error, one returns early, one declares a function and a defer of its own.
import Foundation
import Playgrounds

enum StockUnit: String {
    case piece = "pc"
    case kilogram = "kg"
}

struct Item: CustomStringConvertible {
    let name: String
    var quantity: Double
    let unit: StockUnit

    var description: String { "\(name) \(quantity) \(unit.rawValue)" }
}

enum StockError: Error, CustomStringConvertible {
    case notEnough(String, missing: Double)

    var description: String {
        switch self {
        case .notEnough(let name, let missing): "not enough \(name): \(missing) short"
        }
    }
}

var stock = [
    Item(name: "apples", quantity: 12, unit: .piece),
    Item(name: "flour", quantity: 2.5, unit: .kilogram),
    Item(name: "eggs", quantity: 6, unit: .piece),
]

@MainActor func take(_ amount: Double, of name: String) throws {
    guard let index = stock.firstIndex(where: { $0.name == name }) else { return }
    guard stock[index].quantity >= amount else {
        throw StockError.notEnough(name, missing: amount - stock[index].quantity)
    }
    stock[index].quantity -= amount
}

#Playground("Stock") {
    for item in stock {
        print(item)
    }
}

#Playground("Baking") {
    try take(4, of: "apples")
    try take(0.5, of: "flour")
    try take(3, of: "eggs")
    print("after baking: \(stock.map(\.description).joined(separator: ", "))")
}

#Playground("Too Much") {
    do {
        try take(20, of: "apples")
    } catch {
        print("refused: \(error)")
    }
    guard let sugar = stock.first(where: { $0.name == "sugar" }) else {
        print("no sugar: the rest of this block is skipped")
        return
    }
    print("sugar: \(sugar)")
}

#Playground {
    func total(_ unit: StockUnit, in items: [Item]) -> Double {
        items.filter { $0.unit == unit }.reduce(0) { $0 + $1.quantity }
    }
    defer { print("counted \(stock.count) kinds of item") }
    print("pieces: \(total(.piece, in: stock)), kilograms: \(total(.kilogram, in: stock))")
}
