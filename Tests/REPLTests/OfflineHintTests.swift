import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// A host that cannot be found says what offline mode would do about it.
@Suite struct OfflineHintTests {
    func hostNotFound(_ url: String) -> WorkbenchError {
        let host = URL(string: url)?.host ?? ""
        return .transportFailure(TransportFailure(cause: .hostNotFound(host: host), code: -1003), url: url)
    }

    @Test func aTutorialHostSuggestsOfflineMode() {
        let line = hostNotFound("https://official-joke-api.appspot.com/random_joke").lineWithOfflineHint(offline: false)
        #expect(line == "request to https://official-joke-api.appspot.com/random_joke failed: host 'official-joke-api.appspot.com' "
            + "not found (DNS) — the sandbox answers for this API offline: `set offline on` (or start with `workbench --offline`)")
    }

    @Test func offlineAnUncoveredHostNamesTheCoveredOnes() {
        let line = hostNotFound("https://api.example.com/x").lineWithOfflineHint(offline: true)
        #expect(line.hasPrefix("request to https://api.example.com/x failed: host 'api.example.com' not found (DNS) — offline, the sandbox answers only for "))
        for served in ["jsonplaceholder.typicode.com/", "restcountries.com/v3.1/", "official-joke-api.appspot.com/", "httpbin.org/"] {
            #expect(line.contains(served))
        }
    }

    @Test func anUnknownHostOnlineKeepsItsOwnHint() {
        let error = hostNotFound("https://api.example.com/x")
        #expect(error.lineWithOfflineHint(offline: false) == error.description)
        #expect(WorkbenchError.noResponse.lineWithOfflineHint(offline: true) == WorkbenchError.noResponse.description)
    }
}
