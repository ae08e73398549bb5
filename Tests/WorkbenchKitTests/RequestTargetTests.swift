import Testing
@testable import WorkbenchKit

/// A target typed without a scheme is a URL when it starts with a host, else a path.
@Suite struct RequestTargetTests {
    @Test(arguments: [
        ("jsonplaceholder.typicode.com/users", "https://jsonplaceholder.typicode.com/users"),
        ("api.github.com", "https://api.github.com"),
        ("API.GitHub.com/users?q=1", "https://API.GitHub.com/users?q=1"),
        ("example.co.uk/x", "https://example.co.uk/x"),
        ("example.com:8443/x", "https://example.com:8443/x"),
        ("localhost/x", "http://localhost/x"),
        ("localhost:8080", "http://localhost:8080"),
        ("127.0.0.1:5000/api", "http://127.0.0.1:5000/api"),
        ("10.0.0.7/status", "http://10.0.0.7/status"),
        ("devbox:3000/items", "http://devbox:3000/items"),
    ])
    func aHostFirstIsAURL(typed: String, url: String) {
        #expect(RequestTarget.isURL(typed))
        #expect(RequestTarget.absolute(typed) == url)
    }

    @Test(arguments: [
        "posts/1", "/posts", "posts", "..", "data.json", "users.list/1", "v1.2/items", "sandbox/jsonplaceholder/users",
        "X-Count:5", "devbox:3000", "999.1.1.1/x", "localhost:99999/x", "-bad.com/x",
    ])
    func anythingElseIsAsTyped(typed: String) {
        #expect(RequestTarget.absolute(typed) == typed)
    }

    @Test func aSandboxAddressOrASchemeIsAURLAlready() {
        #expect(RequestTarget.isURL("sandbox/jokes/random_joke"))
        #expect(RequestTarget.isURL("http://h/x"))
        #expect(!RequestTarget.isURL("data.json"))
        #expect(!RequestTarget.isURL("posts/1"))
    }

    @MainActor @Test func getUrlAndBaseReadAHostFirst() throws {
        let wb = Workbench(base: "http://127.0.0.1:8080/api", console: capturedConsole())
        try wb.url("jsonplaceholder.typicode.com/users")
        #expect(try wb.request.url().absoluteString == "https://jsonplaceholder.typicode.com/users")
        #expect(wb.base?.host == "jsonplaceholder.typicode.com")
        try wb.base("localhost:8080/v1")
        #expect(try wb.request.url().absoluteString == "http://localhost:8080/v1")
        try wb.path("data.json")
        #expect(try wb.request.url().absoluteString == "http://localhost:8080/v1/data.json")
    }
}
