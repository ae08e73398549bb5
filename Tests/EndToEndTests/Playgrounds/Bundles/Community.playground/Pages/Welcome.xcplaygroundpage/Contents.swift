//: [Contents](Welcome) | [Next >](@next)
//: # A Week of Weather
//: Written as playgrounds shared online often are: the navigation first, the heading after it.
import UIKit

let temperatures = [("Mon", 18), ("Tue", 21), ("Wed", 16)]
for (day, degrees) in temperatures {
    print("\(day): \(degrees)°C")
}
//: [Next >](@next)
