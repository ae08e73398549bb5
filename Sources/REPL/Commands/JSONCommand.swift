import Foundation
import WorkbenchKit

/// `json @FILE` / `json {…}`: a local JSON document becomes the current body.
struct JSONCommand: Command {
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

    func run(_ arguments: String, session: Session) async throws {
        let text = arguments.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw ModelCommandError("usage: \(synopsis)") }
        let data: Data
        if text.hasPrefix("@") {
            let path = NSString(string: String(text.dropFirst())).expandingTildeInPath
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ModelCommandError("cannot read '\(path)': no such file or not readable")
            }
            data = contents
        } else {
            data = Data(text.utf8)
        }
        // A document that is not valid JSON stays the current body (with a warning): decoding it
        // then reports what JSONDecoder reports, as for a response body.
        let (line, document) = Workbench.documentReport(data, console: session.console)
        session.models.setBody(data, tag: session.workbench.lastExchange?.number ?? 0, parsed: document)
        session.console.line(line)
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
            }
        } catch {
            throw ModelCommandError("\(path):\(error)")
        }
    }
}

import WorkbenchScript
