import Foundation
import TerminalImages

// Figure 18 (Benchmarks/image_bench.py): a JPEG decoded, and decoded and drawn for a 100×40
// terminal in each protocol, RUNS times each. Prints one line per measure: its name, then the
// seconds of each run.
let arguments = CommandLine.arguments
guard arguments.count == 3, let runs = Int(arguments[2]), let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ImageTimes FILE.jpg RUNS\n".utf8))
    exit(2)
}
let file = [UInt8](data)
let canvas = TerminalCanvas(columns: 100, rows: 40)

func time(_ work: () throws -> Int) rethrows -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let size = try work()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, size)
}

var lines: [String] = []
var decodes: [Double] = []
var size = ""
for _ in 0..<runs {
    let (seconds, pixels) = try time { try TerminalPicture.decode(file).rgba.count / 4 }
    decodes.append(seconds)
    size = "\(pixels)"
}
lines.append("decode " + decodes.map { String($0) }.joined(separator: " "))
for graphics in TerminalGraphics.allCases {
    var times: [Double] = []
    var written = 0
    for _ in 0..<runs {
        let (seconds, bytes) = try time { try TerminalPicture.lines(file, graphics: graphics, canvas: canvas).reduce(0) { $0 + $1.utf8.count } }
        times.append(seconds)
        written = bytes
    }
    lines.append("\(graphics.rawValue) " + times.map { String($0) }.joined(separator: " "))
    lines.append("bytes-\(graphics.rawValue) \(written)")
}
lines.append("pixels \(size)")
print(lines.joined(separator: "\n"))
