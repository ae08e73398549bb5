import WorkbenchKit

/// Rewrites the host's module names in printed text to the one module the session stands for:
/// `[__wb_in3.Post(id: 1)]` reads `[main.Post(id: 1)]`, as the same code compiled as one program
/// prints it (`main` at the prompt, the snippet's module in replay).
///
/// Text arrives in pieces as the input prints; a piece that ends partway into a module name is held
/// back until the rest arrives (at most the length of a name), never longer.
struct ModuleNameFilter {
    let replacement: [UInt8]
    private var held: [UInt8] = []
    /// The byte of the text just before `held` (before the next piece when nothing is held): a name
    /// inside a longer identifier is not one, also when a piece ended just before it (found by
    /// `make fuzz`: `_i` then `__wb_in1.` was rewritten, `_i__wb_in1.` whole was not).
    private var before: UInt8?
    private static let prefix = Array(HostModuleName.prefix.utf8)

    /// `module` nil drops the name (a compiler message names a type of the one program unqualified).
    init(module: String?) {
        replacement = module.map { Array(($0 + ".").utf8) } ?? []
    }

    /// The text of `bytes` rewritten, less a tail that may be the start of a module name.
    mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        let text = held + bytes
        let preceding = before
        held = []
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            guard text[index] == Self.prefix[0] else {
                output.append(text[index])
                index += 1
                continue
            }
            switch Self.match(text, at: index, after: preceding) {
            case .name(let end):
                output += replacement
                index = end
            case .incomplete:
                before = index > 0 ? text[index - 1] : preceding
                held = Array(text[index...])
                return output
            case .none:
                output.append(text[index])
                index += 1
            }
        }
        before = text.last ?? preceding
        return output
    }

    /// What is held back, at the end of the output.
    mutating func flush() -> [UInt8] {
        defer {
            before = held.last ?? before
            held = []
        }
        return held
    }

    /// `text` rewritten whole.
    static func rewrite(_ text: String, module: String?) -> String {
        var filter = ModuleNameFilter(module: module)
        return String(decoding: filter.feed(Array(text.utf8)) + filter.flush(), as: UTF8.self)
    }

    private enum Match {
        case name(end: Int)
        case incomplete
        case none
    }

    /// `__wb_in` then digits then `.` at `start` (not inside a longer identifier; `preceding` is the
    /// byte before `text`).
    private static func match(_ text: [UInt8], at start: Int, after preceding: UInt8?) -> Match {
        if let previous = start > 0 ? text[start - 1] : preceding, isIdentifierByte(previous) { return .none }
        var index = start
        for byte in prefix {
            guard index < text.count else { return .incomplete }
            guard text[index] == byte else { return .none }
            index += 1
        }
        let digits = index
        while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
        guard index < text.count else { return .incomplete }
        guard index > digits, text[index] == UInt8(ascii: ".") else { return .none }
        return .name(end: index + 1)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
