// Compiled beside each program that generate.py writes (never part of the test target): it shows a
// result the way the prompt does, and marks where each input's output begins.
@preconcurrency import Glibc

/// Line-buffers standard output, so what a program printed before a trap is not lost with stdio's buffer.
func __formsStart() {
    setvbuf(stdout, nil, _IOLBF, 0)
}

/// Marks the start of input `index`'s output; generate.py splits the output on these lines.
func __formsBegin(_ index: Int) {
    fflush(stdout)
    print("\u{1}forms-input \(index)")
    fflush(stdout)
}

/// An expression's result: `SOURCE: TYPE`, then exactly what `print(value)` prints; nothing for Void.
func __formsShow<T>(_ source: String, _ value: T) {
    if T.self == Void.self { return }
    print("\(source): \(__formsTypeName(T.self))")
    print(value)
}

/// An error thrown at the top level of an input: one line, and this run ends (the input failed, so
/// generate.py runs the rest of the session again without it, as the prompt keeps only what succeeded).
func __formsFail(_ error: any Error) -> Never {
    print("error: \(error)")
    fflush(stdout)
    exit(3)
}

/// The value of a binding's expression, or the failure line when it throws. `@preconcurrency`: a
/// Swift 5 program's top-level code that does not await is not the main actor's, and calls it.
@preconcurrency @MainActor func __formsBinding<T>(_ body: () throws -> T) -> T {
    do { return try body() } catch { __formsFail(error) }
}

@preconcurrency @MainActor func __formsBinding<T>(_ body: () async throws -> T) async -> T {
    do { return try await body() } catch { __formsFail(error) }
}

/// The compiler's own name for `T` (`_typeName`, unqualified), with the sugar a Swift user writes:
/// `Array<X>` → `[X]`, `Optional<X>` → `X?`, `Dictionary<K, V>` → `[K: V]`.
func __formsTypeName<T>(_ type: T.Type) -> String {
    var reader = __FormsTypeNameReader(Array(_typeName(type, qualified: false)))
    return reader.readAll()
}

/// Rewrites a type name, reading it left to right; generic arguments are rewritten first.
struct __FormsTypeNameReader {
    let characters: [Character]
    var position = 0

    init(_ characters: [Character]) { self.characters = characters }

    mutating func readAll() -> String {
        var output = ""
        while position < characters.count { output += readItem() }
        return output
    }

    /// One name (with its generic arguments) or one other character.
    mutating func readItem() -> String {
        let character = characters[position]
        guard character.isLetter || character == "_" else {
            position += 1
            return String(character)
        }
        var name = ""
        while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" {
            name.append(characters[position])
            position += 1
        }
        guard position < characters.count, characters[position] == "<" else { return name }
        position += 1
        var arguments: [String] = []
        var current = ""
        var depth = 0  // parentheses of a tuple or function type inside an argument
        while position < characters.count {
            let next = characters[position]
            if next == "(" { depth += 1 }
            if next == ")" { depth -= 1 }
            if next == ">" && depth == 0 && !current.hasSuffix("-") {
                position += 1
                break
            }
            if next == "," && depth == 0 {
                arguments.append(current.trimmingSpaces())
                current = ""
                position += 1
                continue
            }
            current += readItem()
        }
        arguments.append(current.trimmingSpaces())
        switch (name, arguments.count) {
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        case ("Optional", 1):
            let wrapped = arguments[0]
            let needsParentheses = wrapped.contains(" -> ") || wrapped.hasPrefix("any ") || wrapped.hasPrefix("some ")
            return needsParentheses ? "(\(wrapped))?" : "\(wrapped)?"
        default: return "\(name)<\(arguments.joined(separator: ", "))>"
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
