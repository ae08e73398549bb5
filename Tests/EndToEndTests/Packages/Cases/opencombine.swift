// package add https://github.com/OpenCombine/OpenCombine from 0.14.0 products OpenCombine OpenCombineFoundation
import OpenCombine
var cancellables = Set<AnyCancellable>()
Just(21).map { $0 * 2 }.sink { print("got", $0) }.store(in: &cancellables)
let subject = PassthroughSubject<String, Never>()
subject.map { $0.uppercased() }.sink { print($0) }.store(in: &cancellables)
subject.send("hello")
subject.send("combine")
[3, 1, 2].publisher.collect().map { $0.sorted() }.sink { print($0) }.store(in: &cancellables)
