//: [< Previous](@previous) | [Contents](Welcome)
//: # Imports SwiftUI, Uses Foundation
//: Many pages start with `import SwiftUI` and never use it: this one needs Foundation only.
import SwiftUI

let sunrise = DateComponents(hour: 6, minute: 42)
let minutes = sunrise.hour! * 60 + sunrise.minute!
print("sunrise \(minutes) minutes after midnight")
