import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Why a document could not be read, as one line.
public enum SpecReadError: Error, Equatable, CustomStringConvertible {
    case notADocument(String)
    case swagger2(String)
    case unsupportedVersion(String)
    case invalid(String)

    public var description: String {
        switch self {
        case .notADocument(let reason):
            "not an OpenAPI document: \(reason)"
        case .swagger2(let version):
            "a Swagger \(version) document: spec reads OpenAPI 3.0 and 3.1 — convert it first (editor.swagger.io, or swagger2openapi)"
        case .unsupportedVersion(let version):
            "OpenAPI \(version) is not one spec reads (3.0.x, 3.1.x)"
        case .invalid(let reason):
            "invalid OpenAPI document: \(reason)"
        }
    }
}

extension APISpec {
    /// Reads an OpenAPI 3.0 or 3.1 document, JSON or YAML, as swift-openapi-generator does: the
    /// `openapi` field picks OpenAPIKit's 3.0 or 3.1 model, and a 3.0 document is converted to 3.1.
    /// `location` (where it was fetched) resolves relative server URLs.
    public static func read(_ data: Data, from location: URL?) throws(SpecReadError) -> APISpec {
        let isJSON = data.first { !$0.isWhitespaceByte }.map { $0 == UInt8(ascii: "{") } ?? false
        let version = try versionFields(data, isJSON: isJSON)
        if let swagger = version.swagger { throw .swagger2(swagger) }
        guard let openapi = version.openapi else {
            throw .notADocument("it has no `openapi` field")
        }
        let document: OpenAPIKit.OpenAPI.Document
        do {
            if openapi.hasPrefix("3.0") {
                let old: OpenAPIKit30.OpenAPI.Document = try decode(data, isJSON: isJSON)
                document = old.convert(to: .v3_1_0)
            } else if openapi.hasPrefix("3.1") || openapi.hasPrefix("3.2") {
                document = try decode(data, isJSON: isJSON)
            } else {
                throw SpecReadError.unsupportedVersion(openapi)
            }
        } catch let error as SpecReadError {
            throw error
        } catch {
            throw .invalid(oneLine(OpenAPIKit.OpenAPI.Error(from: error)))
        }
        return APISpec(document: document, openAPIVersion: openapi, location: location,
                       keyOrder: isJSON ? DocumentKeyOrder(json: data) : .none)
    }

    private struct VersionFields: Decodable {
        var openapi: String?
        var swagger: String?
    }

    private static func versionFields(_ data: Data, isJSON: Bool) throws(SpecReadError) -> VersionFields {
        do {
            return try decode(data, isJSON: isJSON)
        } catch {
            throw .notADocument(isJSON ? "invalid JSON (\(oneLine(error)))" : "neither JSON nor YAML (\(oneLine(error)))")
        }
    }

    /// JSON through Foundation's decoder (twice as fast as Yams on a large document, and it takes
    /// JSON's surrogate-pair escapes, which libyaml refuses); YAML through Yams. Vendor extensions
    /// (`x-…`) are not read: OpenAPIKit reads them by decoding every object a second time as any
    /// JSON, which was over half of the load of a 1.2 MB document (perf), and nothing here uses them.
    private static func decode<T: Decodable>(_ data: Data, isJSON: Bool) throws -> T {
        let options: [CodingUserInfoKey: any Sendable] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
        if isJSON {
            let decoder = JSONDecoder()
            decoder.userInfo = options
            return try decoder.decode(T.self, from: data)
        }
        return try YAMLDecoder().decode(T.self, from: data, userInfo: options)
    }

    static func oneLine(_ error: Any) -> String {
        let text: String
        if let error = error as? OpenAPIKit.OpenAPI.Error {
            let path = error.codingPathString
            text = error.localizedDescription + (path.isEmpty || error.localizedDescription.contains(path) ? "" : " at \(path)")
        } else {
            text = String(describing: error)
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension UInt8 {
    var isWhitespaceByte: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
