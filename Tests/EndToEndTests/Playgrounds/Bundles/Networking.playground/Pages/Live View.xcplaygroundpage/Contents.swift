//: # Live View
//: A live view shows a view beside the code while the page runs. It needs Xcode: UIKit is not on Linux.
import UIKit
import PlaygroundSupport

let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
view.backgroundColor = .systemBackground
let label = UILabel(frame: view.bounds.insetBy(dx: 16, dy: 16))
label.text = "Posts will appear here"
label.textAlignment = .center
view.addSubview(label)
PlaygroundPage.current.liveView = view

//: [Previous](@previous)
