import Foundation
import Testing

@testable import WorkbenchKit

/// The WebSocket frame codec and handshake key against RFC 6455's own examples (sections 1.3 and
/// 5.7) and the SHA-1 test vectors of FIPS 180's examples.
@Suite struct WebSocketFrameTests {
    @Test("SHA-1 gives FIPS 180's digests for its examples")
    func sha1() {
        #expect(DigestHash.hex(DigestHash.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(DigestHash.hex(DigestHash.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(DigestHash.hex(DigestHash.sha1(long)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test("the accept key for RFC 6455's sample key is the one the RFC gives")
    func acceptKey() {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("frames encode as RFC 6455's examples spell them: unmasked and masked Hello, and each length form")
    func encoding() {
        let hello = Array("Hello".utf8)
        #expect(WebSocketFrame(.text, hello).encoded(mask: nil) == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
        #expect(WebSocketFrame(.text, hello).encoded(mask: [0x37, 0xFA, 0x21, 0x3D])
            == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        #expect(WebSocketFrame(.text, Array("Hel".utf8), isFinal: false).encoded(mask: nil) == [0x01, 0x03, 0x48, 0x65, 0x6C])
        #expect(WebSocketFrame(.ping, hello).encoded(mask: nil) == [0x89, 0x05] + hello)
        let medium = WebSocketFrame(.binary, [UInt8](repeating: 7, count: 256)).encoded(mask: nil)
        #expect(Array(medium.prefix(4)) == [0x82, 0x7E, 0x01, 0x00] && medium.count == 4 + 256)
        let large = WebSocketFrame(.binary, [UInt8](repeating: 7, count: 65536)).encoded(mask: nil)
        #expect(Array(large.prefix(10)) == [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0] && large.count == 10 + 65536)
    }

    @Test("the reader takes frames that arrive a byte at a time, masked or not, of each length form")
    func readingInPieces() throws {
        let payloads: [[UInt8]] = [[], Array("Hello".utf8), [UInt8](repeating: 1, count: 125), [UInt8](repeating: 2, count: 126),
                                   [UInt8](repeating: 3, count: 65535), [UInt8](repeating: 4, count: 65536)]
        var stream: [UInt8] = []
        for (index, payload) in payloads.enumerated() {
            stream += WebSocketFrame(.binary, payload).encoded(mask: index.isMultiple(of: 2) ? nil : [1, 2, 3, 4])
        }
        var reader = WebSocketFrameReader(limit: 1 << 20)
        var read: [WebSocketFrame] = []
        for byte in stream {
            reader.append([byte])
            while let frame = try reader.next() { read.append(frame) }
        }
        #expect(read.map(\.payload) == payloads)
        #expect(read.allSatisfy { $0.opcode == .binary && $0.isFinal })
        #expect(reader.pending == 0)
    }

    @Test("a frame over the limit is refused from its header (1009); broken frames, and a server's masked one, are protocol errors (1002)")
    func refusals() {
        var reader = WebSocketFrameReader(limit: 1000)
        reader.append([0x82, 0x7F, 0, 0, 0, 0, 1, 0, 0, 0])  // 16 MB, its payload never sent
        #expect(throws: WebSocketProtocolError(code: 1009, message: "a frame of 16.0 MB is larger than max-body (1000 B)")) { try reader.next() }
        var client = WebSocketFrameReader(limit: 1000, refusesMasked: true)
        client.append(WebSocketFrame(.text, [1]).encoded(mask: [1, 2, 3, 4]))
        #expect(throws: WebSocketProtocolError(code: 1002, message: "the server masked a frame")) { try client.next() }
        for bytes: [UInt8] in [[0xC1, 0x00], [0x83, 0x00], [0x09, 0x00], [0x89, 0x7E, 0x00, 0x7E]] {
            var reader = WebSocketFrameReader(limit: 1000)
            reader.append(bytes)
            #expect(throws: WebSocketProtocolError.self) { try reader.next() }
        }
    }

    @Test("fragments are put together into one message, with a ping between them handed on at once")
    func fragments() throws {
        var assembler = WebSocketMessageAssembler(limit: 100)
        #expect(try assembler.take(WebSocketFrame(.text, Array("Hel".utf8), isFinal: false)) == nil)
        #expect(try assembler.take(WebSocketFrame(.ping, [9])) == WebSocketFrame(.ping, [9]))
        #expect(try assembler.take(WebSocketFrame(.continuation, Array("lo".utf8))) == WebSocketFrame(.text, Array("Hello".utf8)))
        #expect(throws: WebSocketProtocolError.self) { try assembler.take(WebSocketFrame(.continuation, [1])) }
        var small = WebSocketMessageAssembler(limit: 4)
        _ = try small.take(WebSocketFrame(.binary, [1, 2, 3], isFinal: false))
        #expect(throws: WebSocketProtocolError.self) { try small.take(WebSocketFrame(.continuation, [4, 5])) }
    }

    @Test("the upgrade request names the path, query and host, and keeps the session's headers but its own")
    func upgradeRequest() throws {
        let url = try #require(URL(string: "http://example.com:8080/chat/room?id=7"))
        let text = WebSocketHandshake.request(target: url, key: "KEY", headers: [("Authorization", "Bearer t"), ("Upgrade", "h2c")])
        #expect(text == "GET /chat/room?id=7 HTTP/1.1\r\nHost: example.com:8080\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: KEY\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer t\r\n\r\n")
        let ipv6 = try #require(URL(string: "https://[::1]:8443/"))
        #expect(WebSocketHandshake.request(target: ipv6, key: "K", headers: []).hasPrefix("GET / HTTP/1.1\r\nHost: [::1]:8443\r\n"))
        let standard = try #require(URL(string: "https://example.com:443/a"))
        #expect(WebSocketHandshake.request(target: standard, key: "K", headers: []).hasPrefix("GET /a HTTP/1.1\r\nHost: example.com\r\n"))
    }
}
