import Foundation
import Testing
import WorkbenchKit

/// `multipart/form-data` as RFC 7578 writes it, with a boundary no part contains.
@Suite struct MultipartBodyTests {
    @Test func partsAreWrittenBetweenBoundaryLines() {
        let body = MultipartBody(parts: [
            .text("title", "Pilot"),
            .init(name: "photo", data: Data([0x89, 0x50]), filename: "p \"1\".png", contentType: "image/png", path: "p.png"),
        ])
        #expect(body.contentType == "multipart/form-data; boundary=WorkbenchFormBoundary")
        var expected = Data("--WorkbenchFormBoundary\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nPilot\r\n".utf8)
        expected += Data("--WorkbenchFormBoundary\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p %221%22.png\"\r\n".utf8)
        expected += Data("Content-Type: image/png\r\n\r\n".utf8) + Data([0x89, 0x50]) + Data("\r\n--WorkbenchFormBoundary--\r\n".utf8)
        #expect(body.data == expected)
        #expect(RequestBody.multipart(body).contentType == body.contentType)
    }

    @Test func theBoundaryIsOneNoPartContains() {
        let body = MultipartBody(parts: [.text("a", "--WorkbenchFormBoundary and WorkbenchFormBoundary1")])
        #expect(body.boundary == "WorkbenchFormBoundary2")
    }

    @Test func curlsFieldsAreTextAndFilesWithTheirType() throws {
        let parts = try MultipartBody.parts([("a", "1"), ("f", "@/t/x.png;type=image/png"), ("g", "@y.bin")]) { path in Data(path.utf8) }
        #expect(parts == [
            .text("a", "1"),
            .init(name: "f", data: Data("/t/x.png".utf8), filename: "x.png", contentType: "image/png", path: "/t/x.png"),
            .init(name: "g", data: Data("y.bin".utf8), filename: "y.bin", contentType: "application/octet-stream", path: "y.bin"),
        ])
    }

    /// Printed as curl writes it: `-F` per part, no Content-Type (curl writes its own boundary).
    @Test func aCurlLineHasAFormOptionPerPart() {
        let body = MultipartBody(parts: [
            .text("title", "Pilot"), .text("n", "a;b"),
            .init(name: "photo", data: Data([1]), filename: "p.png", contentType: "image/png", path: "p.png"),
            .init(name: "raw", data: Data([1]), filename: "r.bin", contentType: "application/octet-stream", path: "r.bin"),
        ])
        var headers = HeaderList()
        headers.append("Accept", "*/*")
        headers.append("Content-Type", body.contentType)
        #expect(CurlCommand.render(method: "POST", url: "http://h/x", headers: headers, body: .multipart(body))
            == "curl -X POST http://h/x -H 'Accept: */*' -F title=Pilot --form-string 'n=a;b' -F 'photo=@p.png;type=image/png' -F raw=@r.bin")
    }
}
