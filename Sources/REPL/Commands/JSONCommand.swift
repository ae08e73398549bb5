import Foundation
import WorkbenchKit

/// `json @FILE` / `json {…}`: a local JSON document becomes the current body.
struct JSONCommand: StatementCommand {
    let forms: [StatementForm] = [.json, .jsonFile]
    let name = "json"
    let aliases: [String] = []
    let synopsis = "json @FILE | json {…}"
    let summary = "use a local JSON document (a file or inline JSON) as the current body"
    let help = """
        Makes a JSON document the body that `decode` and `infer` read, with or without a request —
        the way tutorials start from JSON bundled with the app.
        Examples:
          wb> json @episode.json
          wb> json {"title": "Pilot", "rating": 4.5}
        """
    let group = CommandGroup.models

    func complete(_ words: [String], session: Session) -> [String] { [] }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let text = arguments.trimmingSpaces()
        guard !text.isEmpty else { throw ModelCommandError("usage: \(synopsis)") }
        guard text.hasPrefix("@") else { return [.json(text)] }
        let path = try Arguments.split(String(text.dropFirst())).joined(separator: " ")
        guard !path.isEmpty else { throw ModelCommandError("'@' needs a file: `json @FILE`") }
        return [.jsonFile(path)]
    }
}

/// `load FILE.swift`: declarations read from a Swift file.
struct LoadCommand: Command {
    let name = "load"
    let aliases: [String] = []
    let synopsis = "load FILE.swift"
    let summary = "declare the models in a Swift file"
    let help = """
        Reads struct and enum declarations from a Swift file (imports are skipped) and declares them,
        replacing types of the same name.
        Swift: the file's declarations, written into the snippet `save` makes

        Example:
          wb> load Models.swift
        """
    let group = CommandGroup.models

    func complete(_ words: [String], session: Session) -> [String] { [] }

    func run(_ arguments: String, session: Session) async throws {
        let path = NSString(string: arguments.trimmingCharacters(in: .whitespaces)).expandingTildeInPath
        guard !path.isEmpty else { throw ModelCommandError("usage: \(synopsis)") }
        guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8) else {
            throw ModelCommandError("cannot read '\(path)': no such file or not UTF-8 text")
        }
        do {
            for declaration in try session.models.declare(source) {
                session.console.line(ModelWorkspace.summary(of: declaration))
                session.record(SessionStep(.swift(declaration.swiftSource())))
            }
        } catch {
            throw ModelCommandError("\(path):\(error)")
        }
    }
}

import WorkbenchScript
