import TerminalImages
import WorkbenchKit
import WorkbenchScript

/// How a setting's value is typed: read from one word, offered by completion, shown by `set`'s
/// listing. `Setting.all` names one for each setting.
struct SettingKind<Value>: Sendable {
    /// What completion offers; nothing where any number is a value.
    let values: [String]
    /// A value it takes.
    let sample: String
    /// The value `word` is, or a one-line `UsageError` that names `setting`.
    let read: @Sendable (_ word: String, _ setting: String) throws -> Value
    let text: @Sendable (Value) -> String
}

extension SettingKind<Bool> {
    /// A switch: on or off (true/yes, false/no too).
    static var onOff: Self {
        SettingKind(values: ["on", "off"], sample: "on", read: { word, setting in
            switch word.lowercased() {
            case "on", "true", "yes": return true
            case "off", "false", "no": return false
            default: throw UsageError("\(setting) takes on or off, not '\(word)'")
            }
        }, text: { $0 ? "on" : "off" })
    }
}

extension SettingKind<Double> {
    /// A number of seconds above 0: 5, 2.5.
    static var seconds: Self {
        SettingKind(values: [], sample: "2.5", read: { word, setting in
            guard let seconds = Double(word), seconds > 0, seconds.isFinite else {
                throw UsageError("\(setting) '\(word)' is not a number of seconds above 0")
            }
            return seconds
        }, text: { "\($0) s" })
    }
}

extension SettingKind<Int> {
    /// A whole number from 0; `zero` says what 0 does.
    static func wholeNumber(zero: String) -> Self {
        SettingKind(values: [], sample: "0", read: { word, setting in
            guard let number = Int(word), number >= 0 else {
                throw UsageError("\(setting) '\(word)' is not a whole number (\(zero))")
            }
            return number
        }, text: { "\($0)" })
    }

    /// A size in bytes, as `ByteSize` reads and writes it: 64KB, 10MB, 1GB.
    static var size: Self {
        SettingKind(values: [], sample: "64KB", read: { word, setting in
            guard let bytes = ByteSize.parse(word) else {
                throw UsageError("\(setting) '\(word)' is not a size — write it like 64KB, 10MB or 1GB")
            }
            return bytes
        }, text: { ByteSize.text($0) })
    }
}

extension SettingKind<SwiftLanguageMode> {
    /// A Swift language mode: 5 or 6.
    static var languageMode: Self {
        let versions = SwiftLanguageMode.allCases.map(\.version)
        return SettingKind(values: versions, sample: versions.last ?? "", read: { word, setting in
            guard let mode = SwiftLanguageMode(typed: word) else {
                throw UsageError("\(setting) takes a language mode, \(versions.joined(separator: " or ")), not '\(word)'")
            }
            return mode
        }, text: { $0.version })
    }
}

extension SettingKind<ImageDisplay> {
    /// How image bodies show: auto (asked of the terminal), a protocol's name, or off.
    static var images: Self {
        let names = ["auto"] + TerminalGraphics.allCases.map(\.rawValue) + ["off"]
        return SettingKind(values: names, sample: "blocks", read: { word, setting in
            guard let display = ImageDisplay(word.lowercased()) else {
                throw UsageError("\(setting) takes \(names.dropLast().joined(separator: ", ")) or off, not '\(word)'")
            }
            return display
        }, text: { $0.name })
    }
}
