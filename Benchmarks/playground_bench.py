"""Figure 6, playgrounds: a 10-page Xcode playground replayed, against one compiled input at the prompt.

The bundle is written here in the shape Xcode writes (contents.xcplayground listing the pages,
Pages/NAME.xcplaygroundpage/Contents.swift, a Sources/ folder every page imports). Each page is
six statements over a type from Sources/ that the interpreter does not take, so every page is
compiled. What a page costs is (10 pages − 1 page) ÷ 9; Sources/ is compiled once per replay, so
it is in both and cancels out (what it costs is 1 page with Sources/ − 1 page without).
"""
import os

SOURCES = """public struct Reading: Codable {
    public let station: String
    public let celsius: Double
    public init(station: String, celsius: Double) { self.station = station; self.celsius = celsius }
    public var fahrenheit: Double { celsius * 9 / 5 + 32 }
}

public func readings(count: Int) -> [Reading] {
    (0..<count).map { Reading(station: "S\\($0 % 7)", celsius: Double($0 % 40) - 5) }
}
"""

PAGE = """//: # Page {number}
//: Readings from the playground's *Sources*, summed up.
let all = readings(count: {count})
let warm = all.filter {{ $0.celsius > 20 }}
let byStation = Dictionary(grouping: warm, by: \\.station).mapValues(\\.count)
print(byStation.keys.sorted())
let mean = all.map(\\.fahrenheit).reduce(0, +) / Double(all.count)
print(String(format: "%.2f", mean))
"""


def bundle(folder, name, pages, sources=True):
    """Writes NAME.playground with `pages` pages; returns its path."""
    root = os.path.join(folder, name + ".playground")
    names = [f"Page {number}" for number in range(1, pages + 1)]
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "contents.xcplayground"), "w") as f:
        f.write("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                "<playground version='6.0' target-platform='macos' display-mode='rendered'>\n    <pages>\n")
        f.writelines(f"        <page name='{page}'/>\n" for page in names)
        f.write("    </pages>\n</playground>\n")
    for number, page in enumerate(names, start=1):
        folder_name = os.path.join(root, "Pages", page + ".xcplaygroundpage")
        os.makedirs(folder_name, exist_ok=True)
        text = PAGE.format(number=number, count=100 * number)
        if not sources:
            text = SOURCES.replace("public ", "") + text
        with open(os.path.join(folder_name, "Contents.swift"), "w") as f:
            f.write(text)
    if sources:
        os.makedirs(os.path.join(root, "Sources"), exist_ok=True)
        with open(os.path.join(root, "Sources", "Readings.swift"), "w") as f:
            f.write(SOURCES)
    return root


def one_input_sessions(write):
    """The prompt's baseline: the REPL started and quit, and the same with one compiled input."""
    statement = "let all = (0..<100).map { Double($0 % 40) - 5 }.filter { $0 > 20 }; print(all.count)"
    return write("playground-quit.txt", "quit\n"), write("playground-one.txt", statement + "\nquit\n")
