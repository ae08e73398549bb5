import Foundation
import ModelRuntime
internal import SwiftParser
internal import SwiftSyntax

extension ModelRegistry {
    /// Parses a Swift type expression such as `[String: Post]` or `Post?`.
    public static func parseType(_ text: String) throws(ModelTypeError) -> ModelType {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ModelTypeError("expected a type, such as Post or [Post]") }
        // The sugar is read in one pass, what it holds by swift-syntax: `[` nested deeper than it is
        // given (`BracketGuard`) are read too. What that does not read goes to swift-syntax whole.
        let sugar = TypeSugar(trimmed)
        switch sugar.read() {
        case .type(let type): return type
        case .failed(let error) where sugar.nestsTooDeep: throw error
        case .failed, .notSugar: break
        }
        return try parseWhole(trimmed)
    }

    /// `trimmed` read by swift-syntax whole, as every type was before `TypeSugar`.
    static func parseWhole(_ trimmed: String) throws(ModelTypeError) -> ModelType {
        // Too many unclosed `[` keep swift-syntax's type lookahead busy for hours (`decode [[[…`;
        // found by `make fuzz`, as in declarations).
        let node: TypeSyntax
        do {
            node = try GuardedParse.type(trimmed)
        } catch {
            throw ModelTypeError(error.message)
        }
        guard !node.hasError, node.trimmedDescription == trimmed else {
            throw ModelTypeError("'\(trimmed)' is not a Swift type")
        }
        let reader = DeclarationReader(converter: SourceLocationConverter(fileName: "type", tree: node))
        do {
            return try reader.modelType(node)
        } catch {
            throw ModelTypeError(error.message)
        }
    }

    /// `text`, a type `parseType` reads, as the Swift of a step writes it (`try wb.decode(….self)`):
    /// as typed, unless its `[` nest deeper than swift-syntax is given (`BracketGuard`); then
    /// spelled `Array<…>` and `Dictionary<…, …>` (`ModelType.unsugaredSource`), the same type to the
    /// compiler, which the host's reading of each step (`ProgramUnit`, unguarded) and a replay read
    /// in linear time, where each level of `[` doubles swift-syntax's time.
    public static func stepSpelling(of text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard TypeSugar(trimmed).nestsTooDeep, let type = try? parseType(trimmed) else { return text }
        return type.unsugaredSource
    }
}
