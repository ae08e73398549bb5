import Foundation
import Testing
import SandboxTestSupport
import Sandbox

@Suite("JSONPlaceholder")
struct JSONPlaceholderTests {
    let client = HTTPClient.shared

    private func list(_ base: URL, _ path: String) async throws -> (FetchedResponse, [[String: Any]]) {
        let response = try await client.fetch(base.at("/jsonplaceholder" + path))
        #expect(response.status == 200)
        return (response, try #require(try response.json() as? [[String: Any]]))
    }

    @Test func everyResourceIsServedWhole() async throws {
        try await LiveSandbox.with { base in
            for (resource, count) in [("posts", 100), ("comments", 500), ("albums", 100), ("photos", 5000), ("users", 10), ("todos", 200)] {
                let (response, records) = try await list(base, "/" + resource)
                #expect(records.count == count, "\(resource)")
                #expect(response.header("Content-Type") == "application/json; charset=utf-8")
                #expect(response.header("X-Total-Count") == nil)
            }
        }
    }

    @Test func postsFilteredByUser() async throws {
        try await LiveSandbox.with { base in
            let (_, posts) = try await list(base, "/posts?userId=1")
            #expect(posts.count == 10)
            #expect(posts.allSatisfy { $0["userId"] as? Int == 1 })
            #expect(posts.first?["title"] as? String == "sunt aut facere repellat provident occaecati excepturi optio reprehenderit")
        }
    }

    @Test(arguments: [
        ("/posts?id=1&id=2&id=300", [1, 2]),
        ("/todos?userId=1&completed=true&_limit=3", [4, 8, 10]),
        ("/users?address.city=Gwenborough", [1]),
        ("/users/1/posts?id_ne=1&_limit=2", [2, 3]),
        ("/posts?userId=2&_sort=id&_order=desc&_limit=3", [20, 19, 18]),
        ("/posts?_start=5&_end=8", [6, 7, 8]),
        ("/posts?id_gte=98", [98, 99, 100]),
        ("/posts?id_lte=2", [1, 2]),
        ("/users?username_like=^bret$", [1]),
        ("/users?q=gwenborough", [1]),
        ("/posts/1/comments?_limit=2", [1, 2]),
        ("/albums/1/photos?_page=5", [41, 42, 43, 44, 45, 46, 47, 48, 49, 50]),
        ("/posts?userId=999", []),
    ])
    func queriesSelectTheRecordsJSONServerSelects(path: String, ids: [Int]) async throws {
        try await LiveSandbox.with { base in
            let (_, records) = try await list(base, path)
            #expect(records.compactMap { $0["id"] as? Int } == ids)
        }
    }

    @Test func nestedRoutesFilterByTheParent() async throws {
        try await LiveSandbox.with { base in
            let (_, posts) = try await list(base, "/users/1/posts")
            #expect(posts.count == 10 && posts.allSatisfy { $0["userId"] as? Int == 1 })
            let (_, comments) = try await list(base, "/posts/1/comments")
            #expect(comments.count == 5 && comments.allSatisfy { $0["postId"] as? Int == 1 })
            let (_, photos) = try await list(base, "/albums/1/photos")
            #expect(photos.count == 50 && photos.allSatisfy { $0["albumId"] as? Int == 1 })
        }
    }

    @Test func pagesCarryTotalCountAndLinks() async throws {
        try await LiveSandbox.with { base in
            let (response, posts) = try await list(base, "/posts?_page=2&_limit=20")
            #expect(posts.compactMap { $0["id"] as? Int } == Array(21...40))
            #expect(response.header("X-Total-Count") == "100")
            let link = try #require(response.header("Link"))
            #expect(link.contains("_page=1&_limit=20>; rel=\"first\""))
            #expect(link.contains("_page=1&_limit=20>; rel=\"prev\""))
            #expect(link.contains("_page=3&_limit=20>; rel=\"next\""))
            #expect(link.contains("_page=5&_limit=20>; rel=\"last\""))
            let (limited, _) = try await list(base, "/comments?postId=1&_limit=2")
            #expect(limited.header("X-Total-Count") == "5")
        }
    }

    @Test func singleRecordsAreTheDatasetBytesIndentedAsJSONServerPrintsThem() async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/jsonplaceholder/posts/2"))
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("{\n  \"userId\": 1,\n  \"id\": 2,\n  \"title\": \"qui est esse\",\n"))
            #expect(response.text.hasSuffix("\"\n}"))
            let user = try await client.fetch(base.at("/jsonplaceholder/users/1"))
            #expect(user.text.contains("\n  \"address\": {\n    \"street\": \"Kulas Light\",\n"))
            #expect((try user.json() as? [String: Any])?["name"] as? String == "Leanne Graham")
        }
    }

    @Test(arguments: ["/posts/999", "/posts/abc", "/nothing", "/posts/1/nothing", "/users/1/posts/1"])
    func unknownPathsAre404WithAnEmptyObject(path: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/jsonplaceholder" + path))
            #expect(response.status == 404)
            #expect(response.text == "{}")
        }
    }

    @Test func postIsCreatedWithTheNextIDAndNotPersisted() async throws {
        try await LiveSandbox.with { base in
            let body = Data(#"{"title": "foo", "body": "bar", "userId": 1}"#.utf8)
            let headers = ["Content-Type": "application/json; charset=UTF-8"]
            let created = try await client.fetch(base.at("/jsonplaceholder/posts"), method: "POST", body: body, headers: headers)
            #expect(created.status == 201)
            #expect(created.text == "{\n  \"title\": \"foo\",\n  \"body\": \"bar\",\n  \"userId\": 1,\n  \"id\": 101\n}")
            let comment = try await client.fetch(base.at("/jsonplaceholder/posts/1/comments"), method: "POST", body: Data(#"{"body":"hi"}"#.utf8))
            #expect(comment.status == 201)
            let fields = try #require(try comment.json() as? [String: Any])
            #expect(fields["postId"] as? Int == 1 && fields["id"] as? Int == 501 && fields["body"] as? String == "hi")
            #expect(try await client.fetch(base.at("/jsonplaceholder/posts/101")).status == 404)
        }
    }

    @Test func putReplacesAndPatchMerges() async throws {
        try await LiveSandbox.with { base in
            let url = base.at("/jsonplaceholder/posts/1")
            let put = try await client.fetch(url, method: "PUT", body: Data(#"{"id": 7, "title": "foo"}"#.utf8))
            #expect(put.status == 200)
            #expect(put.text == "{\n  \"title\": \"foo\",\n  \"id\": 1\n}")
            let patch = try await client.fetch(url, method: "PATCH", body: Data(#"{"title": "foo", "tags": ["a"]}"#.utf8))
            #expect(patch.status == 200)
            let merged = try #require(try patch.json() as? [String: Any])
            #expect(merged["title"] as? String == "foo" && merged["userId"] as? Int == 1 && merged["id"] as? Int == 1)
            #expect((merged["body"] as? String)?.hasPrefix("quia et suscipit") == true)
            #expect(merged["tags"] as? [String] == ["a"])
            let missing = try await client.fetch(base.at("/jsonplaceholder/posts/500"), method: "PATCH", body: Data("{}".utf8))
            #expect(missing.status == 404)
        }
    }

    @Test func deleteAnswersAnEmptyObject() async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/jsonplaceholder/posts/1"), method: "DELETE")
            #expect(response.status == 200)
            #expect(response.text == "{}")
            #expect(try await client.fetch(base.at("/jsonplaceholder/posts/1")).status == 200)
        }
    }

    @Test func aBodyThatIsNotAJSONObjectIs400() async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/jsonplaceholder/posts"), method: "POST", body: Data("[1,".utf8))
            #expect(response.status == 400)
            #expect(response.text.contains("request body is not a JSON object"))
        }
    }

    @Test func embedAddsChildrenAndExpandAddsTheParent() async throws {
        try await LiveSandbox.with { base in
            let post = try await client.fetch(base.at("/jsonplaceholder/posts/1?_embed=comments"))
            #expect(post.text.contains("\n  \"comments\": [\n    {\n      \"postId\": 1,\n      \"id\": 1,"))
            let embedded = try #require(try post.json() as? [String: Any])
            #expect((embedded["comments"] as? [Any])?.count == 5 && embedded["title"] != nil)
            let expanded = try await client.fetch(base.at("/jsonplaceholder/comments/1?_expand=post"))
            let comment = try #require(try expanded.json() as? [String: Any])
            #expect((comment["post"] as? [String: Any])?["id"] as? Int == 1)
            let (_, posts) = try await list(base, "/users/1/posts?_embed=comments&_limit=2")
            #expect(posts.map { ($0["comments"] as? [Any])?.count } == [5, 5])
        }
    }

    @Test func everyDatasetReads() {
        #expect(Sandbox.loadDatasets() == [])
    }
}
