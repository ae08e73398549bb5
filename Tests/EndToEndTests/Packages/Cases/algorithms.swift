// package add https://github.com/apple/swift-algorithms from 1.2.1 products Algorithms
import Algorithms
let numbers = Array(1...7)
print(numbers.chunks(ofCount: 3).map(Array.init))
print(numbers.combinations(ofCount: 2).count)
print(["a", "b", "c"].permutations().map { $0.joined() })
print(numbers.striding(by: 2).map { $0 * 10 })
print(numbers.uniqued(on: { $0 % 3 }))
