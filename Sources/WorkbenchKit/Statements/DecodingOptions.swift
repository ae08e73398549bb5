import Foundation

/// JSONDecoder's strategies that `decode` supports: the one type the command's parser, the Swift
/// printer, the statement reader, the interpreter's decoder and the app-code export share.
public struct DecodingOptions: Equatable, Sendable {
    /// `JSONDecoder.KeyDecodingStrategy`, by the name Swift gives each strategy.
    public enum Keys: String, CaseIterable, Equatable, Sendable {
        case useDefaultKeys, convertFromSnakeCase
    }

    /// `JSONDecoder.DateDecodingStrategy`: the strategies with a name, and a `DateFormatter` format.
    public enum Dates: Equatable, Sendable {
        case deferredToDate, iso8601, secondsSince1970, millisecondsSince1970
        /// A `DateFormatter` format, read in `en_US_POSIX`, UTC (`Workbench.dateFormatter`).
        case formatted(String)

        /// The strategies that take no format, in the order help lists them.
        public static let named: [Dates] = [.iso8601, .secondsSince1970, .millisecondsSince1970, .deferredToDate]

        /// The strategy named `name` (`formatted` takes `format`); nil for another name.
        public init?(name: String, format: String? = nil) {
            if name == "formatted" {
                guard let format else { return nil }
                self = .formatted(format)
                return
            }
            guard let strategy = Self.named.first(where: { $0.name == name }) else { return nil }
            self = strategy
        }

        /// The strategy's name in `JSONDecoder.DateDecodingStrategy` (and in `decode --dates`).
        public var name: String {
            switch self {
            case .deferredToDate: "deferredToDate"
            case .iso8601: "iso8601"
            case .secondsSince1970: "secondsSince1970"
            case .millisecondsSince1970: "millisecondsSince1970"
            case .formatted: "formatted"
            }
        }

        /// The strategy as a Swift argument of `Workbench.decode`: `.iso8601`,
        /// `.formatted(Workbench.dateFormatter("yyyy-MM-dd"))`, a `\(…)` in the format ending where `ends` says.
        public func swiftSource(interpolating ends: (any InterpolationEnds)?) -> String {
            guard case .formatted(let format) = self else { return "." + name }
            return ".formatted(Workbench.dateFormatter(\(SwiftLiteral.string(format, interpolating: ends))))"
        }

        /// The lines that set it on a `JSONDecoder` named `decoder`, in app code (none for the default).
        public var decoderLines: [String] {
            switch self {
            case .deferredToDate: return []
            case .formatted(let format):
                return [
                    "let formatter = DateFormatter()",
                    "formatter.locale = Locale(identifier: \"en_US_POSIX\")",
                    "formatter.timeZone = TimeZone(secondsFromGMT: 0)",
                    "formatter.dateFormat = \(SwiftLiteral.quoted(format))",
                    "decoder.dateDecodingStrategy = .formatted(formatter)",
                ]
            default: return ["decoder.dateDecodingStrategy = .\(name)"]
            }
        }
    }

    public var keys: Keys
    public var dates: Dates

    public init(keys: Keys = .useDefaultKeys, dates: Dates = .deferredToDate) {
        self.keys = keys
        self.dates = dates
    }
}
