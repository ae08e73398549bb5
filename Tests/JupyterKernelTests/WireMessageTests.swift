import Foundation
import KernelLibraries
import Testing
@testable import JupyterKernel

/// The messaging protocol's wire format: signatures, opening frames, and what is dropped.
struct WireMessageTests {
    init() throws {
        if let missing = wb_kernel_libraries_load() { throw KernelError(String(cString: missing)) }
    }

    @Test func theSignatureIsHMACSHA256InHex() {
        // RFC 4231, test case 2.
        let signer = MessageSigner(key: Array("Jefe".utf8))
        #expect(signer.signature([Data("what do ya ".utf8), Data("want for nothing?".utf8)])
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 6: a key longer than SHA-256's block is hashed first.
        #expect(MessageSigner(key: [UInt8](repeating: 0xaa, count: 131))
            .signature([Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8)])
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(MessageSigner(key: []).signature([Data("anything".utf8)]) == "")
    }

    @Test func aSignedMessageOpensWithItsIdentitiesAndType() throws {
        let signer = MessageSigner(key: Array("secret".utf8))
        let request = MessageMaker().message("execute_request", content: ["code": "get /posts"], parent: nil,
                                             identities: [Data("client".utf8)])
        let opened = try signer.open(signer.frames(request)).get()
        #expect(opened.type == "execute_request")
        #expect(opened.identities == [Data("client".utf8)])
        #expect(opened.contentObject["code"] as? String == "get /posts")
        let reply = MessageMaker().reply(to: opened, "execute_reply", content: ["status": "ok"])
        #expect(reply.identities == opened.identities && reply.parentHeader == opened.header)
    }

    @Test func aForgedOrBrokenMessageIsRefusedWithItsReason() {
        let signer = MessageSigner(key: Array("secret".utf8))
        let request = MessageMaker().message("execute_request", content: ["code": "1"], parent: nil)
        var frames = MessageSigner(key: Array("other".utf8)).frames(request)
        #expect(Self.reason(signer.open(frames)) == "a message with a wrong signature")
        frames[1] = Data()
        #expect(Self.reason(signer.open(frames)) == "a message without a signature")
        #expect(Self.reason(signer.open(Array(frames.dropFirst()))) == "a message without its delimiter or parts")
        var tampered = signer.frames(request)
        tampered[5] = Data(#"{"code":"count = 100"}"#.utf8)
        #expect(Self.reason(signer.open(tampered)) == "a message with a wrong signature")
    }

    @Test func messageJSONReadsBackAsWritten() throws {
        let content: [String: Any] = [
            "text": "a \"quoted\" \\ line\nand\ttab \u{1} é 🙂", "count": 3, "ok": true, "none": [Any](),
            "nested": ["list": [1, "two", false], "empty": [String: Any]()],
        ]
        let written = KernelJSON.data(content)
        #expect(String(decoding: written, as: UTF8.self) == #"{"count":3,"nested":{"empty":{},"list":[1,"two",false]},"none":[],"ok":true,"text":"a \"quoted\" \\ line\nand\ttab \u0001 é 🙂"}"#)
        let read = try #require(try JSONSerialization.jsonObject(with: written) as? NSDictionary)
        #expect(read == content as NSDictionary)
        // What JSONSerialization read is written back as it was: 0 and 1 stay numbers, true stays true.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(#"{"a":1,"b":0,"c":true,"d":2.5,"e":-7}"#.utf8)) as? [String: Any])
        #expect(String(decoding: KernelJSON.data(parsed), as: UTF8.self) == #"{"a":1,"b":0,"c":true,"d":2.5,"e":-7}"#)
    }

    @Test func aHeadersDateIsISO8601WithMicrosecondsInUTC() throws {
        let date = MessageMaker.now()
        #expect(date.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z/) != nil, "\(date)")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let parsed = try #require(parser.date(from: date))
        #expect(abs(parsed.timeIntervalSinceNow) < 60)
        // Read back to the microsecond, as the dates of requests are compared (stop_on_error).
        let exact = try #require(MessageMaker.date(from: "2026-11-28T14:30:00.123456Z"))
        #expect(exact.timeIntervalSince1970 == 1_795_876_200.123456)
        #expect(MessageMaker.date(from: "2026-11-28T16:30:00.5+02:00")?.timeIntervalSince1970 == 1_795_876_200.5)
        #expect(MessageMaker.date(from: "yesterday") == nil)
    }

    @Test func outputWaitsOnlyForAPartialMarkerOrCharacter() {
        let prefix = Array("\u{0}workbench-sync-TOKEN-".utf8)
        func held(_ text: String) -> Int { OutputRelay.heldBack(Array(text.utf8), markerPrefix: prefix) }
        #expect(held("plain\n") == 0)
        #expect(OutputRelay.heldBack(Array("é".utf8).dropLast(), markerPrefix: prefix) == 1)
        #expect(OutputRelay.heldBack(Array("ok €".utf8).dropLast(), markerPrefix: prefix) == 2)
        #expect(held("ok 🙂") == 0)
        #expect(held("text\u{0}workbench") == 10)
        #expect(held("text\u{0}workbench-sync-TOKEN-12") == 24)
        #expect(held("text\u{0}other") == 0)
        #expect(held("") == 0)
    }

    @Test func aConnectionFileIsReadOrRefusedInOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-kernel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("kernel.json")
        try Data(#"{"transport":"tcp","ip":"127.0.0.1","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5,"key":"k","signature_scheme":"hmac-sha256"}"#.utf8).write(to: good)
        let file = try ConnectionFile.read(good.path)
        #expect(file.endpoint(port: file.shellPort) == "tcp://127.0.0.1:1")
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"transport":"tcp"}"#.utf8).write(to: bad)
        #expect(Self.message { try ConnectionFile.read(bad.path) }
                == "\(bad.path) is not a Jupyter connection file (it needs transport, ip, the five ports, key and signature_scheme)")
        let md5 = folder.appendingPathComponent("md5.json")
        try Data(#"{"transport":"tcp","ip":"127.0.0.1","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5,"key":"k","signature_scheme":"hmac-md5"}"#.utf8).write(to: md5)
        #expect(Self.message { try ConnectionFile.read(md5.path) } == "\(md5.path) asks for signature scheme hmac-md5: the kernel signs with hmac-sha256")
        #expect(Self.message { try ConnectionFile.read(folder.appendingPathComponent("none.json").path) }
                == "cannot read the connection file \(folder.appendingPathComponent("none.json").path)")
    }

    @Test func theKernelspecStartsThisWorkbenchWithItsConnectionFile() throws {
        var spec = KernelSpec()
        spec.offline = true
        let json = try #require(try JSONSerialization.jsonObject(with: spec.kernelJSON(executable: "/opt/wb/workbench")) as? [String: Any])
        #expect(json["argv"] as? [String] == ["/opt/wb/workbench", "kernel", "--offline", "-f", "{connection_file}"])
        #expect(json["language"] as? String == "swift" && json["interrupt_mode"] as? String == "message")
        #expect(KernelSpec.dataFolder(user: true, prefix: nil, environment: ["HOME": "/home/ana"]).path == "/home/ana/.local/share/jupyter")
        #expect(KernelSpec.dataFolder(user: true, prefix: nil, environment: ["JUPYTER_DATA_DIR": "/data"]).path == "/data")
        #expect(KernelSpec.dataFolder(user: false, prefix: "/venv").path == "/venv/share/jupyter")
        spec.name = "my kernel"
        #expect(Self.message { _ = try spec.install(in: URL(fileURLWithPath: "/nonexistent"), executable: "x") }
                == "a kernel name is letters, digits, '-', '.' and '_' ('my kernel' is not)")
    }

    private static func reason(_ result: Result<WireMessage, KernelError>) -> String? {
        if case .failure(let error) = result { return error.description }
        return nil
    }

    private static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
