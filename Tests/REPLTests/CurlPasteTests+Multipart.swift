import Foundation
import SandboxTestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// Multipart bodies pasted two ways: a browser's copy (its bytes) and API docs' `-F`.
extension CurlPasteTests {
    /// Browsers copy a multipart form as its bytes: a `$'…'` body with `\r\n`, the boundary in the header.
    @Test func chromeAndFirefoxMultipartPostsAreTheirBytes() async throws {
        try await withLiveSandbox { root in
            let session = session(root)
            let chrome = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything' \
                  -H 'content-type: multipart/form-data; boundary=----WebKitFormBoundaryu7oxE8n3ZzRWJwY1' \
                  --data-raw $'------WebKitFormBoundaryu7oxE8n3ZzRWJwY1\r\nContent-Disposition: form-data; name="title"\r\n\r\nIt\'s here\r\n------WebKitFormBoundaryu7oxE8n3ZzRWJwY1--\r\n' \
                  --compressed
                """#, in: session)
            #expect(chrome["method"] as? String == "POST")
            #expect(chrome["data"] as? String == "------WebKitFormBoundaryu7oxE8n3ZzRWJwY1\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nIt's here\r\n------WebKitFormBoundaryu7oxE8n3ZzRWJwY1--\r\n")
            #expect(headers(chrome)["Content-Type"] == "multipart/form-data; boundary=----WebKitFormBoundaryu7oxE8n3ZzRWJwY1")
            let firefox = try await echo(of: #"curl '\#(address(root))httpbin/post' -X POST -H 'Content-Type: multipart/form-data; boundary=---------------------------3082916411' --data-binary $'-----------------------------3082916411\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n-----------------------------3082916411--\r\n'"#, in: session)
            #expect(firefox["data"] as? String == "-----------------------------3082916411\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n-----------------------------3082916411--\r\n")
        }
    }

    /// API docs' `-F`: a multipart body Workbench encodes, a file part read from disk.
    @Test func formFieldsAndAFileAreSentAsMultipart() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-notes-\(UUID().uuidString).txt")
        try "first\nsecond\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withLiveSandbox { root in
            let session = session(root)
            let echo = try await echo(of: "curl -sS -X POST sandbox/httpbin/anything -F title='Pilot \"one\"' -F 'notes=@\(file.path);type=text/plain'", in: session)
            #expect(echo["method"] as? String == "POST")
            #expect(headers(echo)["Content-Type"] == "multipart/form-data; boundary=WorkbenchFormBoundary")
            let name = file.lastPathComponent
            #expect(echo["data"] as? String == "--WorkbenchFormBoundary\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nPilot \"one\"\r\n"
                + "--WorkbenchFormBoundary\r\nContent-Disposition: form-data; name=\"notes\"; filename=\"\(name)\"\r\nContent-Type: text/plain\r\n\r\n"
                + "first\nsecond\n\r\n--WorkbenchFormBoundary--\r\n")
            // Printed again, the file is `@PATH` with its type: pasted back, it is the same request.
            console.clearCaptured()
            #expect(await session.evaluate("curl"))
            let printed = console.capturedText.trimmingCharacters(in: .newlines)
            #expect(printed.hasSuffix(" -F 'title=Pilot \"one\"' -F 'notes=@\(file.path);type=text/plain'"), "\(printed)")
            let request = session.workbench.request
            _ = try await self.echo(of: printed, in: session)
            #expect(session.workbench.request.body == request.body)
        }
    }
}
