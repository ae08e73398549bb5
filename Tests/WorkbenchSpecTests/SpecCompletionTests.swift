import Foundation
import Testing
@testable import WorkbenchSpec

@Suite struct SpecCompletionTests {
    @Test func pathsCompleteAsTypedUpToTheirFirstVariable() throws {
        let completion = SpecCompletion(spec: try SpecFixtures.petstore(), base: URL(string: "https://petstore3.swagger.io/api/v3"))
        #expect(completion.paths(matching: "/pet") == ["/pet", "/pet/findByStatus", "/pet/findByTags", "/pet/"])
        #expect(completion.paths(matching: "/store/o") == ["/store/order", "/store/order/"])
        #expect(completion.paths(matching: "/nothing").isEmpty)
        // Past a variable's segment, as typed.
        #expect(completion.paths(matching: "/pet/12/u") == ["/pet/12/uploadImage"])
        #expect(completion.paths(matching: "/pet/12/").isEmpty == false)
        #expect(completion.paths(matching: "/user/bob") == [])
    }

    @Test func pathsAreRelativeToABaseInsideTheDocument() throws {
        let completion = SpecCompletion(spec: try SpecFixtures.petstore(), base: URL(string: "https://petstore3.swagger.io/api/v3/store"))
        #expect(completion.paths(matching: "/") == ["/inventory", "/order", "/order/"])
    }

    @Test func queryNamesHeadersAndEnumValuesComeFromThePathsOperations() throws {
        let completion = SpecCompletion(spec: try SpecFixtures.petstore(), base: URL(string: "https://petstore3.swagger.io/api/v3"))
        #expect(completion.queryNames(forPath: "/pet/findByStatus") == ["status"])
        #expect(completion.queryNames(forPath: "/user/login?username=x") == ["username", "password"])
        #expect(completion.values(forPath: "/pet/findByStatus", parameter: "status") == ["available", "pending", "sold"])
        #expect(completion.headerNames(forPath: "/pet/12", method: "DELETE") == ["api_key"])
        #expect(completion.operationIds(matching: "getP") == ["getPetById"])
    }
}
