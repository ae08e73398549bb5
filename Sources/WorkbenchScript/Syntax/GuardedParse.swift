import Foundation
internal import SwiftParser
@_spi(RawSyntax) internal import SwiftSyntax

/// swift-syntax's parser as every reading of typed Swift calls it: not given what it must not be
/// (`BracketGuard`), run where its recursion cannot end the process, and its tree refused when it
/// is deeper than the walks after it can go.
///
/// The parser recurses once or more per level of a nested type (`A<A<A<…`), a `try try …` chain or
/// a member chain, with no limit of its own there (its nesting limit counts brackets between
/// statements only): on the main thread's 8 MB stack, `let x: A<A<…` of 5,000 levels and `try`
/// 20,000 times ended the REPL with SIGSEGV. So it runs on a thread with a 1 GB stack (reserved,
/// not used: the pages it touches are all it costs). What comes after it (the interpreter, the
/// declaration reader, swift-syntax's own `description` and visitors) recurses on the tree too, on
/// the main thread: `a.a.a…` 100,000 times crashed there. A tree deeper than `depthLimit` is refused
/// with one line instead. Real code is far shallower (docs/ARCHITECTURE.md, "Swift read before parsing").
public enum GuardedParse {
    /// The deepest tree the rest of Workbench is given: 500 `try` or member accesses, 125 levels of
    /// generic arguments. Re-parsing such a tree on the main thread (as the host's library source
    /// does) takes 2.3 MB of its 8 MB stack in a debug build; 1,900 `try` overflowed it there.
    /// Code people write is a tenth as deep.
    public static let depthLimit = 500

    /// `source` parsed as a file, or the one error that says why it cannot be.
    static func file(_ source: String) throws(FirstSyntaxError) -> SourceFileSyntax {
        if let first = FirstSyntaxError.beforeParsing(source) { throw first }
        ParseCount.note()
        let tree = onLargeStack { Parser.parse(source: source) }
        if let first = tooDeep(Syntax(tree), source: source) { throw first }
        return tree
    }

    /// `source` parsed as a type (`[String: Post]`), or the one error that says why it cannot be.
    static func type(_ source: String) throws(FirstSyntaxError) -> TypeSyntax {
        if let first = FirstSyntaxError.beforeParsing(source) { throw first }
        ParseCount.note()
        let node = onLargeStack {
            var parser = Parser(source)
            return TypeSyntax.parse(from: &parser)
        }
        if let first = tooDeep(Syntax(node), source: source) { throw first }
        return node
    }

    /// Runs `body` on a thread of its own with a 1 GB stack, and waits for it.
    static func onLargeStack<T>(_ body: @escaping () -> T) -> T {
        let result = Box<T>()
        let work = Box<() -> Void>()
        work.value = { result.value = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 30)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(work).toOpaque()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<Box<() -> Void>>.fromOpaque(context!).takeRetainedValue().value!()
            return nil
        }, context)
        guard started == 0 else {
            // No thread (out of memory or threads): the parse runs here, as it did before.
            Unmanaged<Box<() -> Void>>.fromOpaque(context).release()
            return body()
        }
        pthread_join(thread, nil)
        return result.value!
    }

    /// A value handed between the two threads; the join orders the write before the read.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The error for a tree deeper than `depthLimit`, at the node past it; nil for any other tree.
    /// Walked with a stack of its own over the raw nodes: no recursion, no node objects made.
    static func tooDeep(_ tree: Syntax, source: String) -> FirstSyntaxError? {
        var pending: [(node: RawSyntax, depth: Int, offset: Int)] = [(tree.raw, 1, tree.position.utf8Offset)]
        while let (node, depth, offset) = pending.popLast() {
            guard let layout = node.layoutView else { continue }
            if depth > depthLimit {
                return FirstSyntaxError(
                    at: offset + node.leadingTriviaByteLength, in: source,
                    message: "nested more than \(depthLimit) levels deep: too deep to read")
            }
            var childOffset = offset
            for child in layout.children {
                guard let child else { continue }
                if !child.isToken { pending.append((child, depth + 1, childOffset)) }
                childOffset += child.byteLength
            }
        }
        return nil
    }
}
