import Foundation

/// An API's published description (an OpenAPI document) as a `Workbench` uses it: where the API
/// is served, and what a request or a response breaks. WorkbenchSpec reads the documents; this
/// module knows only these questions, so a snippet that never loads one links nothing more.
/// `docs/ARCHITECTURE.md`, "API descriptions".
@MainActor
public protocol APIDescription: AnyObject {
    /// One line: title, version, what the document holds.
    var summary: String { get }
    /// What reading found wrong but loaded around (a reference that does not resolve), a line each.
    var problems: [String] { get }
    /// The servers' URLs, variables at their defaults, relative ones resolved against the document.
    var servers: [String] { get }
    /// One line when the request is not one the document describes (an unknown path, a required
    /// parameter missing); nil when it is.
    func requestWarning(method: String, url: URL, headerNames: [String]) -> String?
    /// A line per place a JSON request body does not match the operation's request body schema
    /// (a `required` body missing counts), capped; empty when it matches or nothing describes it.
    /// `body` is nil when none is sent; `contentType` is what is sent with it.
    func requestBodyWarnings(method: String, url: URL, contentType: String?, body: Data?) -> [String]
    /// One line when the response's body does not match the operation's schema for its status.
    func responseWarning(method: String, url: URL, status: Int, body: CurrentDocument) -> String?
}

/// Reads a document's bytes into an `APIDescription` (WorkbenchSpec's `OpenAPIReader`).
@MainActor
public protocol APIDescriptionReader: AnyObject {
    /// Reads `data`, fetched from `location`; a document it cannot read throws a one-line error.
    func read(_ data: Data, from location: URL) throws -> any APIDescription
}

/// `spec SOURCE [--server N]`: where the document is, and which of its servers becomes the base.
public struct SpecCall: Equatable, Sendable {
    /// A file path, an http(s) URL, or `sandbox/NAME` (that API's document in the sandbox).
    public var source: String
    /// 1-based index into the document's servers; nil takes the first, and only when no base is set.
    public var server: Int?

    public init(source: String, server: Int? = nil) {
        self.source = source
        self.server = server
    }
}
