import Foundation

/// How secret values are written when a statement is printed as Swift.
public enum SecretWriting: Sendable {
    /// As typed (only for text that stays in memory).
    case inClear
    /// As `ProcessInfo.processInfo.environment["NAME"] ?? ""`, NAME from `SecretNames.variable(for:)`.
    case environmentReads
}

extension WorkbenchStatement {
    /// The statement as Swift on a `Workbench` named `wb`: what `save` writes and replay reads back,
    /// spelled as its form's descriptor says (`StatementForm+Descriptors.swift`). A `\(…)` in its
    /// text, ending where `ends` says, is written as interpolation (nil: as text).
    public func swiftSource(secrets: SecretWriting = .environmentReads, interpolating ends: (any InterpolationEnds)?) -> String {
        let descriptor = form.descriptor
        let values = arguments
        var written: [String] = []
        let hides = secrets == .environmentReads
        for (index, parameter) in descriptor.parameters.enumerated() {
            guard index < values.count, let value = values[index] else { continue }
            var source: String
            switch (parameter.secrets, value) {
            case (.namedByArgument(let other), _):
                let name = values[other]?.text ?? ""
                source = hides && SecretNames.isSecret(name) && value.text != nil
                    ? SecretNames.environmentRead(for: name) : Self.swiftSource(of: value, interpolating: ends)
            case (.named(let name), _):
                source = hides && value.text != nil ? SecretNames.environmentRead(for: name) : Self.swiftSource(of: value, interpolating: ends)
            case (.pairNames, .pairs(let pairs)):
                let entries = pairs.map { pair in
                    SwiftLiteral.string(pair.name, interpolating: ends) + ": "
                        + (hides && SecretNames.isSecret(pair.name)
                           ? SecretNames.environmentRead(for: pair.name) : SwiftLiteral.string(pair.value, interpolating: ends))
                }
                source = "[" + entries.joined(separator: ", ") + "]"
            default:
                source = parameter.isDocument ? value.text.flatMap { SwiftLiteral.block($0, interpolating: ends) }
                    ?? Self.swiftSource(of: value, interpolating: ends) : Self.swiftSource(of: value, interpolating: ends)
            }
            written.append(parameter.label.map { "\($0): \(source)" } ?? source)
        }
        switch descriptor.spelling {
        case .call:
            let call = descriptor.swiftCall(written) ?? ""
            guard case .decode(let decode) = self, let binding = decode.binding else { return call }
            return "\(binding.isVariable ? "var" : "let") \(binding.name) = \(call)"
        case .assignment(let property): return "wb.\(property) = " + written.joined()
        case .printed(let expression): return "print(\(expression))"
        }
    }

    /// One argument's value as Swift, in clear.
    static func swiftSource(of value: StatementArgument, interpolating ends: (any InterpolationEnds)?) -> String {
        let text = { SwiftLiteral.string($0, interpolating: ends) }
        switch value {
        case .text(let value), .optionalText(let value?): return text(value)
        case .optionalText(nil): return "nil"
        case .pairs(let pairs): return "[" + pairs.map { text($0.name) + ": " + text($0.value) }.joined(separator: ", ") + "]"
        case .fields(let fields):
            return "[" + fields.map { text($0.name) + ": " + SwiftLiteral.field($0.value, interpolating: ends) }.joined(separator: ", ") + "]"
        case .integer(let number): return String(number)
        case .number(let number): return "\(number)"
        case .flag(let flag): return String(flag)
        case .type(let type): return type + ".self"
        case .keys(let keys): return "." + keys.rawValue
        case .dates(let dates): return dates.swiftSource(interpolating: ends)
        }
    }

    /// The secret values it holds, by the environment variable its Swift reads them from.
    public var secretValues: [String: String] {
        var values: [String: String] = [:]
        for pair in secretPairs { values[SecretNames.variable(for: pair.name)] = pair.value }
        return values
    }

    /// Environment variables its Swift reads instead of secrets, in order.
    public var secretVariables: [String] {
        var variables: [String] = []
        for pair in secretPairs {
            let variable = SecretNames.variable(for: pair.name)
            if !variables.contains(variable) { variables.append(variable) }
        }
        return variables
    }

    /// The names and values of its arguments that the descriptor marks as secrets and that are.
    private var secretPairs: [Pair] {
        let values = arguments
        var pairs: [Pair] = []
        for (index, parameter) in form.descriptor.parameters.enumerated() where index < values.count {
            switch (parameter.secrets, values[index]) {
            case (.namedByArgument(let other), let value?):
                if let name = values[other]?.text, let secret = value.text { pairs.append(Pair(name, secret)) }
            case (.pairNames, .pairs(let given)?): pairs += given
            case (.named(let name), let value?): if let secret = value.text { pairs.append(Pair(name, secret)) }
            default: break
            }
        }
        return pairs.filter { SecretNames.isSecret($0.name) }
    }
}
