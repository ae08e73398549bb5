import ModelRuntime
internal import SwiftSyntax

/// A type's collection and optional sugar (`[X]`, `[K: V]`, `X?`) read from its text in one pass,
/// for `ModelRegistry.parseType`: swift-syntax's parser doubles its time with each `[`
/// (`BracketGuard`), so a nest deeper than it is given (`decode [[[…[Int]…]]]`, 20 deep, which
/// Swift compiles) could not be read there. Only what the sugar holds (`Int`, `Post`,
/// `Array<Int>`, `Outer.Inner`) is given to it, one core at a time, and read as before.
///
/// What this does not take (a comment, a string, a `[` it cannot pair, an empty core, a core
/// swift-syntax finds errors in, `[3 of Int]`) is left to the whole-text path, so a type that is not
/// too deep for it fails with the same line as before.
struct TypeSugar {
    /// The most levels of sugar read (`[`, `[:`, `?`): a type the host's step spells with
    /// `Array<…>` (`ModelType.unsugaredSource`) takes four levels of `GuardedParse`'s tree for each.
    static let depthLimit = GuardedParse.depthLimit / 5

    enum Reading {
        case type(ModelType)
        /// Not read here: the whole text goes to swift-syntax.
        case notSugar
        /// A core's error (`generic type 'Set<Int>' is not supported yet`), or a nest too deep.
        case failed(ModelTypeError)
    }

    private let bytes: [UInt8]
    /// For the offset of each `[` or `(`, the offset of the `]` or `)` that closes it; -1 where none.
    private var closing: [Int]
    /// How many `[` are open at most, counted as `BracketGuard` counts them.
    let bracketDepth: Int
    /// Whether the text holds what is not read here on bytes (comments, strings, escapes).
    private let hasOpaqueText: Bool

    init(_ text: String) {
        bytes = Array(text.utf8)
        closing = Array(repeating: -1, count: bytes.count)
        var open: [Int] = []
        var (brackets, deepest, paired, opaque) = (0, 0, true, false)
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "("):
                if byte == UInt8(ascii: "[") {
                    brackets += 1
                    deepest = max(deepest, brackets)
                }
                open.append(offset)
            case UInt8(ascii: "]"), UInt8(ascii: ")"):
                if byte == UInt8(ascii: "]") { brackets = max(0, brackets - 1) }
                // The first close that does not fit ends the pairing: what follows stays unpaired.
                if paired, let last = open.last, bytes[last] == (byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "(")) {
                    closing[last] = offset
                    open.removeLast()
                } else {
                    paired = false
                }
            case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "#"):
                opaque = true
            default:
                break
            }
        }
        bracketDepth = deepest
        hasOpaqueText = opaque
    }

    /// Whether swift-syntax would be refused the whole text (`BracketGuard.nestingLimit`).
    var nestsTooDeep: Bool { bracketDepth > BracketGuard.nestingLimit }

    /// The whole text read.
    func read() -> Reading {
        guard !hasOpaqueText else { return .notSugar }
        do {
            return .type(try read(0, bytes.count, depth: 0))
        } catch {
            return error.reading
        }
    }

    private struct Stop: Error {
        let reading: Reading
    }

    /// The type `bytes[start..<end]` spells, `depth` levels of sugar in.
    private func read(_ start: Int, _ end: Int, depth: Int) throws(Stop) -> ModelType {
        var (start, end) = (start, end)
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        var optionals = 0
        while end > start, bytes[end - 1] == UInt8(ascii: "?") {
            optionals += 1
            end -= 1
        }
        // `?` follows its type with no space between (`Int ?` is not a type).
        guard end > start, optionals == 0 || !Self.isSpace(bytes[end - 1]) else { throw Stop(reading: .notSugar) }
        let isCollection = bytes[start] == UInt8(ascii: "[") && closing[start] == end - 1
        // Each level is one `ModelType` around the next, and what reads them recurses.
        let levels = depth + optionals + (isCollection ? 1 : 0)
        guard levels <= Self.depthLimit else {
            throw Stop(reading: .failed(ModelTypeError("nested more than \(Self.depthLimit) levels deep: too deep to read")))
        }
        var type: ModelType
        if isCollection {
            // The `:` between the brackets, outside any nested `[…]` or `(…)`: skipping each
            // keeps the whole read linear.
            var (offset, colon) = (start + 1, nil as Int?)
            while offset < end - 1 {
                switch bytes[offset] {
                case UInt8(ascii: "["), UInt8(ascii: "("):
                    guard closing[offset] >= 0 else { throw Stop(reading: .notSugar) }
                    offset = closing[offset]
                case UInt8(ascii: ":"):
                    guard colon == nil else { throw Stop(reading: .notSugar) }
                    colon = offset
                default:
                    break
                }
                offset += 1
            }
            if let colon {
                type = .dictionary(key: try read(start + 1, colon, depth: levels),
                                   value: try read(colon + 1, end - 1, depth: levels))
            } else {
                type = .array(try read(start + 1, end - 1, depth: levels))
            }
        } else {
            type = try core(start, end)
        }
        for _ in 0..<optionals { type = .optional(type) }
        return type
    }

    /// A type without sugar around it, read by swift-syntax as the whole text was.
    private func core(_ start: Int, _ end: Int) throws(Stop) -> ModelType {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let node: TypeSyntax
        do {
            node = try GuardedParse.type(text)
        } catch {
            throw Stop(reading: .failed(ModelTypeError(error.message)))
        }
        guard !node.hasError, node.trimmedDescription == text else { throw Stop(reading: .notSugar) }
        let reader = DeclarationReader(converter: SourceLocationConverter(fileName: "type", tree: node))
        do {
            return try reader.modelType(node)
        } catch {
            throw Stop(reading: .failed(ModelTypeError(error.message)))
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
