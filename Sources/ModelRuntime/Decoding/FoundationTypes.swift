import Foundation

/// Foundation's `Decodable` value types the dynamic decoder has no reading of its own for (`Data`,
/// `TimeZone`, `Locale`, `Measurement<UnitLength>`, …). A value of one is decoded by `JSONDecoder`
/// itself, from the value's own JSON text and with the decode's strategies, so it decodes, fails
/// and prints as in compiled Swift. A declared model of the same name hides it, as in Swift.
public struct FoundationType: Hashable, Sendable {
    /// The type as written (`Data`, `Measurement<UnitLength>`).
    public let name: String
    private let reader: any FoundationReader

    public static func == (lhs: FoundationType, rhs: FoundationType) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The value `data` (a JSON text) holds, as `decoder` decodes it; its errors are JSONDecoder's.
    func decode(_ data: Data, with decoder: JSONDecoder) throws -> FoundationValue {
        try reader.decode(data, with: decoder)
    }

    /// The type `name` names when no model of that name is declared (`Data`, `Foundation.Data`,
    /// `Measurement<UnitLength>`); nil for any other name.
    package static func named(_ name: String) -> FoundationType? {
        table[name.replacingOccurrences(of: "Foundation.", with: "")]
    }

    private static let table: [String: FoundationType] = {
        var table: [String: FoundationType] = [:]
        func add<T: Decodable & Hashable>(_ type: T.Type, _ name: String) {
            table[name] = FoundationType(name: name, reader: Reader<T>())
        }
        add(Data.self, "Data")
        add(TimeZone.self, "TimeZone")
        add(Locale.self, "Locale")
        add(Calendar.self, "Calendar")
        add(DateComponents.self, "DateComponents")
        add(DateInterval.self, "DateInterval")
        add(PersonNameComponents.self, "PersonNameComponents")
        add(URLComponents.self, "URLComponents")
        add(CharacterSet.self, "CharacterSet")
        add(IndexSet.self, "IndexSet")
        add(IndexPath.self, "IndexPath")
        add(AffineTransform.self, "AffineTransform")
        add(CGFloat.self, "CGFloat")
        add(CGPoint.self, "CGPoint")
        add(CGSize.self, "CGSize")
        add(CGRect.self, "CGRect")
        add(NSRange.self, "NSRange")
        add(Measurement<Unit>.self, "Measurement<Unit>")
        add(Measurement<Dimension>.self, "Measurement<Dimension>")
        add(Measurement<UnitAcceleration>.self, "Measurement<UnitAcceleration>")
        add(Measurement<UnitAngle>.self, "Measurement<UnitAngle>")
        add(Measurement<UnitArea>.self, "Measurement<UnitArea>")
        add(Measurement<UnitConcentrationMass>.self, "Measurement<UnitConcentrationMass>")
        add(Measurement<UnitDispersion>.self, "Measurement<UnitDispersion>")
        add(Measurement<UnitDuration>.self, "Measurement<UnitDuration>")
        add(Measurement<UnitElectricCharge>.self, "Measurement<UnitElectricCharge>")
        add(Measurement<UnitElectricCurrent>.self, "Measurement<UnitElectricCurrent>")
        add(Measurement<UnitElectricPotentialDifference>.self, "Measurement<UnitElectricPotentialDifference>")
        add(Measurement<UnitElectricResistance>.self, "Measurement<UnitElectricResistance>")
        add(Measurement<UnitEnergy>.self, "Measurement<UnitEnergy>")
        add(Measurement<UnitFrequency>.self, "Measurement<UnitFrequency>")
        add(Measurement<UnitFuelEfficiency>.self, "Measurement<UnitFuelEfficiency>")
        add(Measurement<UnitIlluminance>.self, "Measurement<UnitIlluminance>")
        if #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) {
            add(Measurement<UnitInformationStorage>.self, "Measurement<UnitInformationStorage>")
        }
        add(Measurement<UnitLength>.self, "Measurement<UnitLength>")
        add(Measurement<UnitMass>.self, "Measurement<UnitMass>")
        add(Measurement<UnitPower>.self, "Measurement<UnitPower>")
        add(Measurement<UnitPressure>.self, "Measurement<UnitPressure>")
        add(Measurement<UnitSpeed>.self, "Measurement<UnitSpeed>")
        add(Measurement<UnitTemperature>.self, "Measurement<UnitTemperature>")
        add(Measurement<UnitVolume>.self, "Measurement<UnitVolume>")
        return table
    }()
}

/// How a `FoundationType` is decoded: `JSONDecoder.decode(T.self, from:)`.
private protocol FoundationReader: Sendable {
    func decode(_ data: Data, with decoder: JSONDecoder) throws -> FoundationValue
}

private struct Reader<T: Decodable & Hashable>: FoundationReader {
    func decode(_ data: Data, with decoder: JSONDecoder) throws -> FoundationValue {
        FoundationValue(try decoder.decode(T.self, from: data))
    }
}

/// A value of a `FoundationType`, as `JSONDecoder` made it: printed with `print`'s own text for it.
public final class FoundationValue: @unchecked Sendable {
    let value: Any
    private let hashable: AnyHashable

    init<T: Hashable>(_ value: T) {
        self.value = value
        hashable = AnyHashable(value)
    }

    /// Swift's `==` of the two values (false for values of different types).
    func isEqual(to other: FoundationValue) -> Bool { hashable == other.hashable }

    /// What `print(value)` prints.
    var printed: String { String(describing: value) }
    /// What `print` prints for it inside a struct, an optional or a collection (`debugPrint`'s text).
    var debugPrinted: String { String(reflecting: value) }
}

extension DecodingFailure {
    /// JSONDecoder's own error for a value decoded on its own: its path starts at that value, and
    /// grows as the error passes out through the containers around it (`prefixed`).
    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> [CodingPathComponent] { context.codingPath.map(Self.component) }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(.typeMismatch(String(describing: type)), codingPath: path(context), debugDescription: context.debugDescription)
        case .valueNotFound(let type, let context):
            self.init(.valueNotFound(String(describing: type)), codingPath: path(context), debugDescription: context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(.keyNotFound(Self.component(key)), codingPath: path(context), debugDescription: context.debugDescription)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty && context.debugDescription == Self.invalidJSON.debugDescription {
                self = .invalidJSON
            } else {
                self.init(.dataCorrupted, codingPath: path(context), debugDescription: context.debugDescription)
            }
        @unknown default:
            self.init(.dataCorrupted, codingPath: [], debugDescription: String(describing: error))
        }
    }

    /// An array's index (JSONDecoder names it `Index N`), an `Int` key, or a string key.
    private static func component(_ key: any CodingKey) -> CodingPathComponent {
        guard let number = key.intValue else { return .key(key.stringValue) }
        return key.stringValue == "Index \(number)" ? .index(number) : .intKey(number)
    }
}
