import Foundation
import SwiftParser
import SwiftSyntax

extension ModelRegistry {
    /// `type` with its names resolved, ready for `ModelDecoder`; fails as the compiler would for
    /// `JSONDecoder().decode(type, from:)` (unknown names, types that are not `Decodable`).
    public func resolveForDecoding(_ type: ModelType) throws(ModelTypeError) -> ResolvedType {
        let resolver = SchemaResolver(registry: self)
        let resolved = try resolver.resolve(type, scope: [])
        if let offender = resolver.nonDecodableName(in: resolved) {
            throw ModelTypeError("instance method 'decode(_:from:)' requires that '\(offender)' conform to 'Decodable'")
        }
        return resolved
    }

    /// `type` resolved for printing and inspection (no `Decodable` requirement).
    public func resolve(_ type: ModelType) throws(ModelTypeError) -> ResolvedType {
        try SchemaResolver(registry: self).resolve(type, scope: [])
    }

    /// Parses a Swift type expression such as `[String: Post]` or `Post?`.
    public static func parseType(_ text: String) throws(ModelTypeError) -> ModelType {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ModelTypeError("expected a type, such as Post or [Post]") }
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
}
