// package add GREETING from 1.0.0 products Greeting
import Greeting
let greeter = Greeter(salutation: "Hi")
print(greeter.greet("Ada"))
print(letterCounts("banana").map { "\($0.letter)\($0.count)" })
let names = ["Grace", "Linus"].map(greeter.greet)
print(names.joined(separator: " "))
