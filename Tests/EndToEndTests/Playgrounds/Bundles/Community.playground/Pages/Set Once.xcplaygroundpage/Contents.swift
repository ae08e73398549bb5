//: [< Previous](@previous) | [Contents](Welcome) | [Next >](@next)
//: ## Constants Given Their Value Later
//: A top-level `let` may be declared without a value and given one on every path below it.
import Foundation

let morning = 9, noon = 17, evening = 12
let warmest: Int?
if morning < noon {
    warmest = morning + noon + evening
} else {
    warmest = nil
}
print("warmest total:", warmest as Any)

let label, unit: String
label = "spread"
unit = "°C"

var verdict: String
if let warmest, warmest > 30 {
    verdict = "warm"
} else {
    verdict = "cool"
}
verdict += " day"

func report() -> String {
    "\(label) \(noon - morning)\(unit), \(verdict)"
}
print(report())
