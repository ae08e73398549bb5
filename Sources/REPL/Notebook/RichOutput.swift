import Foundation
import WorkbenchKit

/// What a notebook shows for an input besides the text the prompt prints: a response's JSON body,
/// which JupyterLab draws as a tree it can fold, or a decoded array of models as a table.
public enum RichOutput: Sendable {
    /// The body's bytes, valid JSON (an object or an array), for `application/json`.
    case json(Data)
    /// A decoded array of models as an HTML table: a column per property, each value as `print`
    /// prints it, the first `ModelTable.rowLimit` rows and a line saying how many more.
    case html(String)

    /// The largest body given as JSON too: a frontend draws a tree of every node it is given.
    static let largestJSON = 5_000_000

    /// A JSON body (`application/json`, `…+json`) that parses to an object or array; nil for anything else.
    init?(_ response: Response) {
        guard let type = response.mimeType, type == "application/json" || type.hasSuffix("+json"),
              response.body.count <= Self.largestJSON,
              let first = response.body.first(where: { !" \t\r\n".utf8.contains($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
              (try? JSONValidator.validate(response.body)) != nil else { return nil }
        self = .json(response.body)
    }
}

/// Told of each input a notebook cell runs (the kernel's session).
@MainActor
public protocol NotebookCellObserver: AnyObject {
    /// An input starts; `mayBeRich` when its output may have another form (a request, a decode).
    func inputStarting(mayBeRich: Bool)
    /// It ended; `rich` is its output's other form, when it has one.
    func inputEnded(rich: RichOutput?)
}
