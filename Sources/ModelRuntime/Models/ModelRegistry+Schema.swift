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
}
