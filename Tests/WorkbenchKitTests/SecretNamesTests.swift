import Testing
@testable import WorkbenchKit

/// Which names' values never reach a history file or a saved snippet in clear.
@Suite struct SecretNamesTests {
    @Test(arguments: [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Session", "sessionId", "X-Api-Key",
        "api_key", "apiKey", "key", "access_token", "X-Auth-User", "client_secret", "PASSWORD", "passwd", "sig",
    ])
    func secrets(name: String) {
        #expect(SecretNames.isSecret(name))
    }

    @Test(arguments: ["Accept", "userId", "page", "q", "author", "authorId", "X-Author", "keywords", "Content-Type"])
    func notSecrets(name: String) {
        #expect(!SecretNames.isSecret(name))
    }
}
