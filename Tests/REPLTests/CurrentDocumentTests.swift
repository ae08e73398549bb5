import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// One current document: the `Workbench` owns it, the model workspace borrows the same object, and
/// it stays the same object (with its parses) until a send or `json` replaces it.
@MainActor
@Suite struct CurrentDocumentTests {
    @Test func theModelsBorrowTheWorkbenchsDocument() async throws {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate(#"json {"title": "Pilot", "rating": 4}"#))
        let document = try #require(session.workbench.currentDocument)
        #expect(await session.evaluate("struct Show: Codable { let title: String; let rating: Int }"))
        #expect(await session.evaluate("let pilot = decode Show"), "\(console.capturedText)")
        #expect(session.models.document === document)
        #expect(await session.evaluate("infer Episode"), "\(console.capturedText)")
        #expect(session.models.document === document)
        #expect(session.workbench.currentDocument === document)
        #expect(await session.evaluate("json [1, 2]"))
        #expect(session.workbench.currentDocument !== document)
        #expect(session.workbench.currentDocument?.data == Data("[1, 2]".utf8))
    }
}
