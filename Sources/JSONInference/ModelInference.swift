import ModelRuntime
import WorkbenchKit

/// Generates Swift model declarations from a JSON document (`infer NAME`).
public enum ModelInference {
    public struct Result: Sendable {
        /// The top-level declaration (nested types inside it).
        public var declaration: ModelDeclaration
        /// The type to decode the document as: `Name` or `[Name]`.
        public var decodeType: ModelType
        /// Keys left out because their values have kinds no single type decodes.
        public var skipped: [String]
        /// The declaration of that name the inferred one replaced (`ModelWorkspace.infer`), if any.
        public var replaced: ModelDeclaration? = nil
    }

    /// Declarations for `node` (an object, or an array of objects) named `name`.
    public static func infer(_ name: String, from node: JSONNode, snakeCase: Bool) throws(ModelTypeError) -> Result {
        guard name.first?.isLetter == true || name.first == "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { throw ModelTypeError("'\(name)' is not a valid type name") }
        var builder = Builder(snakeCase: snakeCase)
        let (shape, _) = JSONShape.of(node)
        var decodeType = ModelType.named(name)
        var current = shape
        while case .array(let element) = current {
            current = element
            decodeType = .array(decodeType)
        }
        if case .optional(let inner) = current { current = inner; decodeType = wrapOptionalElement(decodeType) }
        guard case .object(let object) = current else {
            throw ModelTypeError("infer needs a JSON object or an array of objects; the body is \(node.kind)")
        }
        let declaration = builder.structure(name, object, path: "")
        return Result(declaration: declaration, decodeType: decodeType, skipped: builder.skipped)
    }

    private static func wrapOptionalElement(_ type: ModelType) -> ModelType {
        if case .array(let inner) = type {
            if case .named = inner { return .array(.optional(inner)) }
            return .array(wrapOptionalElement(inner))
        }
        return type
    }

    struct Builder {
        let snakeCase: Bool
        var skipped: [String] = []

        mutating func structure(_ name: String, _ object: ObjectShape, path: String) -> ModelDeclaration {
            var model = ModelDeclaration(kind: .structure, name: name, line: 1)
            model.inherited = ["Codable"]
            var usedNames: Set<String> = []
            var usedTypes: Set<String> = [name]
            var keys: [CodingKeyCase] = []
            for key in object.keys {
                guard let shape = object.members[key] else { continue }
                let jsonName = snakeCase ? convertFromSnakeCase(key) : key
                var property = InferredNames.identifier(jsonName)
                while !usedNames.insert(property).inserted { property += "2" }
                let hint = InferredNames.typeName(key, avoiding: &usedTypes)
                guard var type = swiftType(shape, hint: hint, path: path + "." + key, into: &model) else {
                    skipped.append(String((path + "." + key).dropFirst()))
                    continue
                }
                if object.isOptional(key), case .optional = type {} else if object.isOptional(key) { type = .optional(type) }
                model.properties.append(StoredProperty(name: property, isLet: true, type: type, defaultValue: nil, line: 1))
                keys.append(CodingKeyCase(name: property, key: jsonName))
            }
            if keys.contains(where: \.hasExplicitKey) { model.codingKeys = keys }
            return model
        }

        mutating func swiftType(_ shape: JSONShape, hint: String, path: String,
                                into model: inout ModelDeclaration) -> ModelType? {
            switch shape {
            case .unknown: return .optional(.string)
            case .int: return .integer(.int)
            case .double: return .double
            case .bool: return .bool
            case .string: return .string
            case .mixed: return nil
            case .optional(let inner):
                guard let wrapped = swiftType(inner, hint: hint, path: path, into: &model) else { return nil }
                if case .optional = wrapped { return wrapped }
                return .optional(wrapped)
            case .array(let element):
                let singular = InferredNames.singular(hint)
                if case .unknown = element { return .array(.string) }
                guard let inner = swiftType(element, hint: singular, path: path, into: &model) else { return nil }
                return .array(inner)
            case .object(let object):
                model.nested.append(structure(hint, object, path: path))
                return .named(hint)
            }
        }
    }
}
