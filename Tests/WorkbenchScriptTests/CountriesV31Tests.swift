import Foundation
import Testing
@testable import WorkbenchScript

/// quicktype's REST Countries v3.1 models pasted at the prompt as quicktype orders them (root first),
/// then `decode [Country]` on the real document: the same values JSONDecoder gives the compiled types.
@Suite struct CountriesV31Tests {
    static let source: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CountriesV31Models.swift")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test func quicktypeModelsPastedRootFirstDecodeTheDocumentAsJSONDecoderDoes() throws {
        let workspace = ModelWorkspace(moduleName: "WorkbenchScriptTests")
        let inputs = DeclarationOrderTests.inputs(of: Self.source)
        #expect(inputs.first?.text.hasPrefix("struct Country: Codable {") == true)
        for input in inputs {
            try workspace.declare(input.text, origin: SourceOrigin(line: input.line, column: 1))
        }
        let data = try InferenceTests.data("restcountries/countriesV3.1.json")
        workspace.setBody(data)
        let decoded = try workspace.decode("[Country]")
        let compiled = try JSONDecoder().decode([Country].self, from: data)
        #expect(decoded.value.count == 250)
        // Swift prints a dictionary in a per-process order: compare with every dictionary's entries sorted.
        let expected = SwiftPrintedValue.sortingDictionaryEntries(String(describing: compiled))
        let actual = SwiftPrintedValue.sortingDictionaryEntries(decoded.printed(moduleName: "WorkbenchScriptTests"))
        // (Compared as a flag: the texts are over a megabyte each; the first difference is shown instead.)
        let same = actual == expected
        #expect(same)
        if !same, let index = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            let ours = String(actual.dropFirst(max(0, index - 80)).prefix(200))
            let theirs = String(expected.dropFirst(max(0, index - 80)).prefix(200))
            Issue.record("first difference at character \(index): ours \(ours) JSONDecoder's \(theirs)")
        }
    }

    @Test func theCanonicalFormSortsEntriesAtEveryDepthAndLeavesArraysAlone() {
        #expect(SwiftPrintedValue.sortingDictionaryEntries(#"["b": 1, "a": ["d": 2, "c": 3]]"#) == #"["a": ["c": 3, "d": 2], "b": 1]"#)
        #expect(SwiftPrintedValue.sortingDictionaryEntries(#"[3, 1, "x: [y]", main.P(a: [2, 1])]"#) == #"[3, 1, "x: [y]", main.P(a: [2, 1])]"#)
        #expect(SwiftPrintedValue.sortingDictionaryEntries(#"P(m: ["z\"]": 1, "a": 2], n: [:])"#) == #"P(m: ["a": 2, "z\"]": 1], n: [:])"#)
    }
}

/// Text printed by Swift's `print`, made comparable across processes.
enum SwiftPrintedValue {
    /// `text` with the entries of every dictionary literal (`[k: v, …]`) sorted; strings are skipped
    /// whole, so brackets, colons and commas inside them do not count.
    static func sortingDictionaryEntries(_ text: String) -> String {
        let characters = Array(text)
        var index = 0
        return canonical(characters, &index, until: nil)
    }

    /// Copies from `index` to the closing `until` (not included), canonicalising nested brackets.
    private static func canonical(_ text: [Character], _ index: inout Int, until close: Character?) -> String {
        var output = ""
        while index < text.count {
            let character = text[index]
            if character == close { return output }
            index += 1
            switch character {
            case "\"":
                output.append(character)
                while index < text.count {
                    let next = text[index]
                    index += 1
                    output.append(next)
                    if next == "\\", index < text.count {
                        output.append(text[index])
                        index += 1
                    } else if next == "\"" {
                        break
                    }
                }
            case "[":
                let inner = canonical(text, &index, until: "]")
                index += 1
                output += "[" + sortedIfDictionary(inner) + "]"
            case "(":
                output += "(" + canonical(text, &index, until: ")") + ")"
                index += 1
            default:
                output.append(character)
            }
        }
        return output
    }

    /// The `, `-separated parts of `inner` at its top level, sorted when they are `key: value` entries.
    private static func sortedIfDictionary(_ inner: String) -> String {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        var isDictionary = false
        for character in inner {
            if inString {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            case ":" where depth == 0: isDictionary = true
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        guard isDictionary, inner != ":" else { return inner }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.sorted().joined(separator: ", ")
    }
}
