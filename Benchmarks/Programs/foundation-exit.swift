// The start-up floor: a Swift program that imports Foundation, touches it and exits.
import Foundation

print(Date().timeIntervalSince1970 > 0 ? "ok" : "clock before 1970")
