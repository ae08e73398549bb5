import Foundation
import ModelRuntime
import WorkbenchKit
@testable import WorkbenchScript

/// One differential case: a type, a JSON document and options, decoded both by Foundation's
/// JSONDecoder into the compiled type and by our decoder into the same declaration typed at the prompt.
struct DifferentialCase: Sendable, CustomStringConvertible {
    let type: String
    let json: String
    let options: DecodingOptions
    let compiled: @Sendable (String, DecodingOptions) -> String

    init<T: Decodable>(_ compiledType: T.Type, _ type: String, _ json: String,
                       keys: DecodingOptions.Keys = .useDefaultKeys, dates: DecodingOptions.Dates = .deferredToDate) {
        self.type = type
        self.json = json
        options = DecodingOptions(keys: keys, dates: dates)
        compiled = { json, options in
            let decoder = JSONDecoder.configured(options)
            do {
                return String(describing: try decoder.decode(T.self, from: Data(json.utf8)))
            } catch {
                return String(describing: error)
            }
        }
    }

    var description: String { "\(type) ← \(json.prefix(60))" }

    /// What Foundation prints for the compiled type.
    var expected: String { compiled(json, options) }

    /// What our decoder prints for the prompt-typed declaration.
    func actual(registry: ModelRegistry) -> String {
        do {
            let resolved = try registry.resolveForDecoding(try ModelRegistry.parseType(type))
            let value = try ModelDecoder(options: options).decode(resolved, from: Data(json.utf8))
            return ValuePrinter(moduleName: "WorkbenchScriptTests").description(of: value, as: resolved)
        } catch {
            return String(describing: error)
        }
    }
}

extension JSONDecoder {
    static func configured(_ options: DecodingOptions) -> JSONDecoder {
        let decoder = JSONDecoder()
        if options.keys == .convertFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        switch options.dates {
        case .deferredToDate: break
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let format):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            decoder.dateDecodingStrategy = .formatted(formatter)
        }
        return decoder
    }
}

/// The declarations of `DifferentialModels.swift`, typed at the prompt.
enum DifferentialModels {
    static let source: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("DifferentialModels.swift")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    static func registry() throws -> ModelRegistry {
        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse(source))
        return registry
    }
}
