import Foundation
import FuzzSupport
import ModelRuntime
import WorkbenchKit
import WorkbenchScript

/// Documents × models through the prompt's dynamic decoder, differential against Foundation's
/// JSONDecoder: the models below are compiled into this program and given to the decoder as source
/// (`modelSource`), and both must agree on success or failure and print the same value.
/// The first byte of an input picks the type; the rest is the document.
// Also under libFuzzer's name: the toolchain links its `main` (unused: SwiftPM's `main` wins), which names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let first = input.first else { return 0 }
    let target = targets[Int(first) % targets.count]
    let document = Data(input.dropFirst())
    // Foundation's scanner reads a NUL byte after a number inconsistently ("1\0" decodes as 1,
    // "1\0\0" and "[1\0]" fail): a quirk of the reference, not something to copy.
    if document.contains(0) { return 0 }
    for snakeCase in [false, true] {
        let decoder = JSONDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        let expected: String?
        do { expected = try target.reference(decoder, document) } catch { expected = nil }

        let options = DecodingOptions(keys: snakeCase ? .convertFromSnakeCase : .useDefaultKeys)
        let actual: String?
        do {
            let value = try ModelDecoder(options: options).decode(target.resolved, from: document)
            actual = TypedValue(value: value, type: target.resolved).printed(moduleName: moduleName)
        } catch {
            actual = nil
        }
        // Swift prints a dictionary in its hash order, which differs from run to run.
        if expected.map(entriesSorted) != actual.map(entriesSorted) {
            fatalError("""
                \(target.spelling)\(snakeCase ? " (snake case)" : ""): JSONDecoder gives \(expected ?? "an error"), \
                the prompt's decoder \(actual ?? "an error") for \(String(decoding: document, as: UTF8.self))
                """)
        }
    }
    return 0
}

/// `text` (what `print` gives) with the entries of each dictionary literal in it sorted, so that two
/// prints of equal values compare equal whatever order their dictionaries were printed in.
func entriesSorted(_ text: String) -> String {
    var characters = Array(text)[...]
    return sortedGroup(&characters, closing: nil)
}

/// Reads up to `closing` (or the end): elements split at top-level ", ", sorted when a `[…]` holds
/// `key: value` entries. Quoted strings (with their escapes) are copied as they are.
private func sortedGroup(_ rest: inout ArraySlice<Character>, closing: Character?) -> String {
    var elements: [String] = []
    var current = ""
    var isDictionary = false
    while let c = rest.popFirst() {
        if c == closing { break }
        switch c {
        case "\"":
            current.append(c)
            while let d = rest.popFirst() {
                current.append(d)
                if d == "\\", let escaped = rest.popFirst() { current.append(escaped) } else if d == "\"" { break }
            }
        case "[": current += "[" + sortedGroup(&rest, closing: "]") + "]"
        case "(": current += "(" + sortedGroup(&rest, closing: ")") + ")"
        case "," where rest.first == " ":
            rest.removeFirst()
            elements.append(current)
            current = ""
        case ":" where closing == "]" && rest.first == " ":
            isDictionary = true
            current.append(c)
        default: current.append(c)
        }
    }
    elements.append(current)
    return (isDictionary ? elements.sorted() : elements).joined(separator: ", ")
}

/// The module the reference types belong to, as `print` names them.
let moduleName = "FuzzDecoder"

let workspace: ModelWorkspace = {
    let workspace = ModelWorkspace(moduleName: moduleName)
    do { try workspace.declare(modelSource) } catch { fatalError("the fuzzer's models do not declare: \(error)") }
    return workspace
}()

struct Target {
    let spelling: String
    let reference: (JSONDecoder, Data) throws -> String
    /// The type as `decode SPELLING` resolves it, once (parsing the spelling is the slow part).
    var resolved: ResolvedType {
        do {
            return try workspace.registry.resolveForDecoding(try ModelRegistry.parseType(spelling))
        } catch {
            fatalError("the fuzzer's type \(spelling) does not resolve: \(error)")
        }
    }
}

func target<T: Decodable>(_ spelling: String, _ type: T.Type)
    -> (spelling: String, resolved: ResolvedType, reference: (JSONDecoder, Data) throws -> String) {
    let target = Target(spelling: spelling) { decoder, data in String(describing: try decoder.decode(T.self, from: data)) }
    return (spelling, target.resolved, target.reference)
}

let targets: [(spelling: String, resolved: ResolvedType, reference: (JSONDecoder, Data) throws -> String)] = [
    target("Post", Post.self),
    target("[Post]", [Post].self),
    target("Numbers", Numbers.self),
    target("[Numbers]", [Numbers].self),
    target("Tree", Tree.self),
    target("[String: Kind]", [String: Kind].self),
    target("Kind", Kind.self),
    target("Level", Level.self),
    target("[Level?]", [Level?].self),
    target("Holder", Holder.self),
    target("[String: [Int]]", [String: [Int]].self),
    target("Int", Int.self),
    target("Double", Double.self),
    target("String", String.self),
    target("[Bool]", [Bool].self),
    target("Float", Float.self),
]

// The same declarations twice: compiled here, and as the text the prompt's decoder is given.
struct Post: Codable {
    let userId: Int
    let id: Int
    let title: String
    let body: String?
    let tags: [String]?
}

struct Numbers: Codable {
    let int: Int
    let int8: Int8?
    let uint16: UInt16?
    let int64: Int64?
    let uint: UInt?
    let double: Double?
    let float: Float?
    let flag: Bool?
}

struct Tree: Codable {
    let name: String
    let children: [Tree]?
    let attributes: [String: String]?
    let kind: Kind?
}

enum Kind: String, Codable {
    case leaf
    case branch = "BRANCH"
    case root
}

enum Level: Int, Codable {
    case low = 1
    case high = 10
}

struct Holder: Codable {
    var levels: [Level]
    var scores: [String: Double]
    var nested: [[Int]]?
    var post: Post?
    var first_name: String?
}

let modelSource = """
    struct Post: Codable {
        let userId: Int
        let id: Int
        let title: String
        let body: String?
        let tags: [String]?
    }

    struct Numbers: Codable {
        let int: Int
        let int8: Int8?
        let uint16: UInt16?
        let int64: Int64?
        let uint: UInt?
        let double: Double?
        let float: Float?
        let flag: Bool?
    }

    struct Tree: Codable {
        let name: String
        let children: [Tree]?
        let attributes: [String: String]?
        let kind: Kind?
    }

    enum Kind: String, Codable {
        case leaf
        case branch = "BRANCH"
        case root
    }

    enum Level: Int, Codable {
        case low = 1
        case high = 10
    }

    struct Holder: Codable {
        var levels: [Level]
        var scores: [String: Double]
        var nested: [[Int]]?
        var post: Post?
        var first_name: String?
    }
    """

@_cdecl("FuzzDecoder_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    MainActor.assumeIsolated { FuzzSupport.main(argc, argv, fuzzDecoder) }
}
