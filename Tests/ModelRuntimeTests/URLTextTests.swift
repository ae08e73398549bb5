import Foundation
@testable import ModelRuntime
import TestSupport
import Testing

/// The URL fast path may only keep text that URL(string:) would accept and describe unchanged.
@Suite struct URLTextTests {
    @Test func fastPathTextIsWhatURLDescribes() {
        var rng = SeededGenerator(state: 42)
        let pieces = ["http://", "https://", "HTTP://", "ftp+x://", "x", "A", "1", ":", "/", "//", "?", "#", "%20", "%2", "%zz",
                      "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "-", ".", "_", "~", " ", "é", "[", "]",
                      "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "..", "example.com", ":8080", "a.b-c", "%41"]
        var fastCount = 0
        for _ in 0..<20_000 {
            let start = Bool.random(using: &rng)
                ? ["http://", "https://", "HTTP://"].randomElement(using: &rng)! + ["example.com", "a.b-c", "x", "1", "A"]
                    .randomElement(using: &rng)! + ["", ":8080", ":", "/", "?", "#"].randomElement(using: &rng)!
                : ""
            let text = start + (0..<Int.random(in: 1...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            guard URLText.keepsItsText(text) else { continue }
            fastCount += 1
            #expect(URL(string: text)?.description == text, "\(text)")
        }
        #expect(fastCount > 500)
    }

    @Test(arguments: ["https://via.placeholder.com/600/92c952", "http://127.0.0.1:8080/a/b?q=1&r=2#top",
                      "https://images.metmuseum.org/CRDImages/ep/original/DT1567.jpg"])
    func commonURLsTakeTheFastPath(_ text: String) {
        #expect(URLText.keepsItsText(text))
    }

    @Test(arguments: ["", "a b", "http://x/a b", "//x", "http://", "http://[::1]/", "mailto:x@y", "http://x/é", "x"])
    func othersTakeTheSlowPath(_ text: String) {
        #expect(!URLText.keepsItsText(text))
    }
}
