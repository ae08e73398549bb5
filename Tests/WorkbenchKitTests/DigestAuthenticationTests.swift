import Foundation
import Testing
@testable import WorkbenchKit

/// HTTP Digest authentication (RFC 7616): the hashes against their specifications' own examples,
/// the challenge as servers write it, and the answer against RFC 7616's worked example.
@Suite struct DigestAuthenticationTests {
    @Test func theHashesGiveTheirSpecificationsExamples() {
        // RFC 1321 §A.5 and FIPS 180-4's examples ("abc", and two blocks' worth).
        #expect(DigestHash.hex(DigestHash.md5([])) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(DigestHash.hex(DigestHash.md5(Array("abc".utf8))) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(DigestHash.hex(DigestHash.md5(Array("12345678901234567890123456789012345678901234567890123456789012345678901234567890".utf8)))
                == "57edf4a22be3c955ac49da2e2107b67a")
        #expect(DigestHash.hex(DigestHash.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(DigestHash.hex(DigestHash.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(DigestHash.hex(DigestHash.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    static let mufasa = #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#

    @Test func aChallengeIsReadAsServersWriteIt() throws {
        let challenge = try #require(DigestChallenge(header: Self.mufasa))
        #expect(challenge.realm == "http-auth@example.org")
        #expect(challenge.qop == ["auth", "auth-int"])
        #expect(challenge.algorithm == "MD5" && challenge.opaque == "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS")
        // Beside another scheme, with an escaped quote; Basic alone is no Digest challenge.
        let second = try #require(DigestChallenge(header: #"Basic realm="x", Digest realm="a \"b\"", nonce=n1, stale=TRUE"#))
        #expect(second.realm == "a \"b\"" && second.nonce == "n1" && second.stale && second.qop.isEmpty)
        #expect(DigestChallenge(header: #"Basic realm="x""#) == nil)
        #expect(DigestChallenge(header: #"Digest realm="x""#) == nil)
        #expect(DigestChallenge(header: #"Digest realm="x", nonce="n", algorithm=SHA-512"#)?.unanswerable?.contains("algorithm SHA-512") == true)
    }

    /// RFC 7616 §3.9.1: Mufasa's request, answered with MD5 and with SHA-256.
    @Test func theAnswerIsRFC7616sWorkedExample() throws {
        var challenge = try #require(DigestChallenge(header: Self.mufasa))
        let cnonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"
        let md5 = challenge.authorization(user: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html", body: nil, cnonce: cnonce)
        #expect(md5 == #"Digest username="Mufasa", realm="http-auth@example.org", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", "#
                + #"uri="/dir/index.html", cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", nc=00000001, qop=auth, "#
                + #"response="8ca523f5e9506fed4657c9700eebdbec", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", algorithm=MD5"#)
        challenge.algorithm = "SHA-256"
        let sha = challenge.authorization(user: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html", body: nil, cnonce: cnonce)
        #expect(sha.contains(#"response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1""#))
        // RFC 2617 §3.5's example (qop auth, MD5 by default: no algorithm written back).
        let old = try #require(DigestChallenge(header: #"Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#))
        let answer = old.authorization(user: "Mufasa", password: "Circle Of Life", method: "GET", uri: "/dir/index.html", body: nil, cnonce: "0a4f113b")
        #expect(answer.contains(#"response="6629fae49393a05397450978507c4ef1""#) && !answer.contains("algorithm"))
    }

    /// The request crosses to the Swift host and back as an archive: its credentials with it.
    @Test func theCredentialsAreInTheRequestsArchive() throws {
        var draft = RequestDraft()
        draft.digest = DigestCredentials(user: "ada", password: "s3cr3t", origin: "http://127.0.0.1:8080")
        var writer = BinaryWriter()
        draft.write(to: &writer)
        var reader = BinaryReader(Data(writer.bytes))
        #expect(try RequestDraft(from: &reader) == draft)
    }
}
