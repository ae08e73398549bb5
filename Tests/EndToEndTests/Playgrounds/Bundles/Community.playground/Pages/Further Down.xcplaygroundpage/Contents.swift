//: [< Previous](@previous) | [Contents](Welcome) | [Next >](@next)
//: The functions, types and operator this page uses are declared at its bottom. A page is one
//: program, so its statements see them all.
import Foundation

func decode<Value: Decodable>(_ text: String) -> Value {
    try! JSONDecoder().decode(Value.self, from: Data(text.utf8))
}

// The overload below, which returns `[Int]`, is the only one that fits without a type.
let rainfall = decode("4, 0, 7")
print("rain:", rainfall.reduce(0, +), "mm")

let towns: [String] = decode(#"["Lyon", "Graz"]"#)
print(towns.joined(separator: " and "))

let breeze = Wind(kilometresPerHour: 14)
print(breeze)
print("force", breeze.force)
print(3 ** 4)

func decode(_ text: String) -> [Int] {
    text.split(separator: ",").compactMap(reading)
}

func reading(_ piece: Substring) -> Int? {
    Int(piece.trimmingCharacters(in: .whitespaces))
}

struct Wind {
    var kilometresPerHour: Int
}

extension Wind: CustomStringConvertible {
    var description: String { "wind at \(kilometresPerHour) km/h" }
}

extension Wind {
    var force: Int { kilometresPerHour < 12 ? 2 : 3 }
}

infix operator **: MultiplicationPrecedence
func ** (base: Int, power: Int) -> Int {
    (0..<power).reduce(1) { product, _ in product * base }
}
