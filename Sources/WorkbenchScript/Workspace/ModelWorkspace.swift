import Foundation
import JSONInference
import ModelRuntime
internal import SwiftSyntax
import WorkbenchKit

/// The model half of a session: declared types, the current JSON document and bound values.
/// The REPL's model commands and snippet replay both drive it.
public final class ModelWorkspace {
    public private(set) var registry = ModelRegistry()
    /// The module compiled types would belong to: `main` at the prompt, the snippet's in replay.
    public var moduleName: String
    /// The document `decode` and `infer` read: borrowed from the `Workbench` (its
    /// `currentDocument`), with the parses it already made.
    public var document: CurrentDocument?
    /// What the last `decode` statement decoded (a notebook shows an array of models as a table).
    public var lastDecoded: TypedValue?

    public init(moduleName: String = "main") {
        self.moduleName = moduleName
    }

    // MARK: Declarations

    /// Declares (or redeclares) the types in `source`; returns their declarations. They may name types
    /// declared later; `origin` is where `source` starts in its file (positions in errors count from it).
    @discardableResult
    public func declare(_ source: String, origin: SourceOrigin = .start) throws(ModelSourceError) -> [ModelDeclaration] {
        let declarations = try DeclarationParser.parse(source, origin: origin)
        try registry.define(declarations)
        return declarations
    }

    /// Declares the types of `item`, part of an input parsed already.
    @discardableResult
    func declare(_ item: CodeBlockItemSyntax) throws(ModelSourceError) -> [ModelDeclaration] {
        let declarations = try DeclarationParser.parse(item)
        try registry.define(declarations)
        return declarations
    }

    /// Adds already-parsed declarations (from `infer`).
    public func define(_ declarations: [ModelDeclaration]) throws(ModelSourceError) {
        try registry.define(declarations)
    }

    /// `User (3 properties)`, `Kind (2 cases)`, `ID`: how one line names a declaration.
    public static func sizedName(of declaration: ModelDeclaration) -> String {
        switch declaration.kind {
        case .structure:
            let count = declaration.properties.count
            return "\(declaration.name) (\(count) \(count == 1 ? "property" : "properties"))"
        case .enumeration:
            let count = declaration.cases.count
            return "\(declaration.name) (\(count) \(count == 1 ? "case" : "cases"))"
        case .alias:
            return declaration.name
        }
    }

    /// `defined Post (3 properties)`, `defined Kind (2 cases)`; a typealias as the compiled path
    /// says it (`DeclarationSummary`): `defined ID`.
    public static func summary(of declaration: ModelDeclaration) -> String {
        "defined " + sizedName(of: declaration)
    }

    // MARK: The current document

    /// Makes `data` the document `decode` and `infer` read, where no `Workbench` has it (tests,
    /// benchmarks); `parsed` is the bytes already parsed with `.foundationCompatible`.
    public func setBody(_ data: Data?, parsed: JSONDocument? = nil) {
        document = data.map { CurrentDocument($0, strict: parsed) }
    }

    /// The current body's bytes.
    public var currentBody: Data? { document?.data }

    public var hasBody: Bool { document != nil }

    // MARK: Decoding

    /// Decodes the current body (or its value at `path`) as `typeText`, like `try JSONDecoder().decode(T.self, from:)`.
    public func decode(_ typeText: String, options: DecodingOptions = DecodingOptions(),
                       at path: String? = nil) throws -> TypedValue {
        let resolved = try registry.resolveForDecoding(try ModelRegistry.parseType(typeText))
        guard let current = self.document else { throw WorkspaceError.noBody }
        // Malformed strings and numbers in it fail only when a decode reads them, as in JSONDecoder.
        guard let document = current.forDecoding else { throw DecodingFailure.invalidJSON }
        var node = document.root
        if let path, !path.isEmpty { node = try node.node(at: path) }
        let value = try ModelDecoder(options: options).decode(resolved, from: node)
        return TypedValue(value: value, type: resolved)
    }

    /// Generates declarations named `name` from the current body and defines them.
    public func infer(_ name: String, snakeCase: Bool, at path: String? = nil) throws -> ModelInference.Result {
        guard let current = self.document else { throw WorkspaceError.noBody }
        guard let document = current.strict else {
            throw WorkspaceError.message("the current body is not valid JSON; `infer` needs a valid document")
        }
        var node = document.root
        if let path, !path.isEmpty { node = try node.node(at: path) }
        var result = try ModelInference.infer(name, from: node, snakeCase: snakeCase)
        var candidate = registry
        try candidate.define([result.declaration])
        // Another model naming `User` keeps naming it, and decodes with the inferred one from now on,
        // as a redeclared type at the prompt does; one naming a type nested in the earlier `User`
        // that the inferred one lacks (`User.Geo`) would be left broken, so nothing is replaced.
        for declaration in registry.declarations where declaration.name != name {
            for written in Self.namedTypes(in: declaration) where written.hasPrefix(name + ".")
                && registry.declaration(named: written) != nil && candidate.declaration(named: written) == nil {
                throw WorkspaceError.message(
                    "not inferred: \(declaration.name) uses \(written), which the inferred \(name) would not have "
                        + "— infer it under another name (`infer \(name)2`), or declare \(declaration.name) again without it")
            }
        }
        result.replaced = registry.declaration(named: name)
        registry = candidate
        return result
    }

    /// The declared types a model's properties and aliases name, as written (`User`, `User.Geo`).
    static func namedTypes(in declaration: ModelDeclaration) -> [String] {
        func names(_ type: ModelType) -> [String] {
            switch type {
            case .named(let name): [name]
            case .optional(let wrapped), .array(let wrapped): names(wrapped)
            case .dictionary(let key, let value): names(key) + names(value)
            default: []
            }
        }
        return declaration.properties.flatMap { names($0.type) } + (declaration.aliased.map(names) ?? [])
            + declaration.nested.flatMap(namedTypes)
    }
}
