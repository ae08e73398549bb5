import Foundation
import WorkbenchKit

/// What a notebook shows for a response besides the text the prompt prints: its JSON body, which
/// JupyterLab draws as a tree it can fold.
public enum RichOutput: Sendable {
    /// The body's bytes, valid JSON (an object or an array), for `application/json`.
    case json(Data)

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
    /// An input starts; `sendsRequest` when it is a command that sends one request.
    func inputStarting(sendsRequest: Bool)
    /// It ended; `rich` is its response's other form, when it sent one that has one.
    func inputEnded(rich: RichOutput?)
}
