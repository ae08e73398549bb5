import Foundation
import KernelLibraries

/// A message as the Jupyter messaging protocol puts it on a socket: the routing identities, the
/// `<IDS|MSG>` delimiter, the HMAC signature, then header, parent header, metadata and content as
/// JSON (any buffers after them are ignored: no request the kernel answers carries them).
struct WireMessage: Sendable {
    var identities: [Data] = []
    var header: Data
    var parentHeader: Data
    var metadata = Data("{}".utf8)
    var content: Data
    /// The header's `msg_type`.
    let type: String

    static let delimiter = Data("<IDS|MSG>".utf8)

    /// The content as a JSON object (empty when it is not one).
    var contentObject: [String: Any] {
        (try? JSONSerialization.jsonObject(with: content)) as? [String: Any] ?? [:]
    }
}

/// Signs and checks messages with the connection file's key (HMAC-SHA256 over the four JSON parts).
struct MessageSigner: Sendable {
    /// The key made ready once (empty: no signing, as the protocol allows).
    private let preparedKey: [UInt8]

    init(key: [UInt8]) {
        guard !key.isEmpty else {
            preparedKey = []
            return
        }
        var prepared = [UInt8](repeating: 0, count: Int(WB_HMAC_KEY_SIZE))
        prepared.withUnsafeMutableBytes { wb_hmac_sha256_prepare(key, key.count, $0.baseAddress) }
        preparedKey = prepared
    }

    /// The hex signature of the parts; empty when the key is.
    func signature(_ parts: [Data]) -> String {
        guard !preparedKey.isEmpty else { return "" }
        var signed = Data()
        for part in parts { signed.append(part) }
        var digest = [UInt8](repeating: 0, count: 32)
        signed.withUnsafeBytes { wb_hmac_sha256(preparedKey, $0.baseAddress, $0.count, &digest) }
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] }, as: UTF8.self)
    }

    /// The message in `frames`, or why it was dropped: a missing delimiter or parts, or a
    /// signature that is not the key's (compared in constant time).
    func open(_ frames: [Data]) -> Result<WireMessage, KernelError> {
        guard let delimiter = frames.firstIndex(of: WireMessage.delimiter), frames.count >= delimiter + 6 else {
            return .failure(KernelError("a message without its delimiter or parts"))
        }
        let parts = Array(frames[(delimiter + 2)..<(delimiter + 6)])
        let expected = Array(signature(parts).utf8)
        let given = Array(frames[delimiter + 1])
        guard expected.count == given.count, zip(expected, given).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else {
            return .failure(KernelError(given.isEmpty ? "a message without a signature" : "a message with a wrong signature"))
        }
        let header = (try? JSONSerialization.jsonObject(with: parts[0])) as? [String: Any]
        guard let type = header?["msg_type"] as? String else { return .failure(KernelError("a message whose header has no msg_type")) }
        return .success(WireMessage(identities: Array(frames[..<delimiter]), header: parts[0], parentHeader: parts[1],
                                    metadata: parts[2], content: parts[3], type: type))
    }

    /// The frames that carry `message`, signed.
    func frames(_ message: WireMessage) -> [Data] {
        let parts = [message.header, message.parentHeader, message.metadata, message.content]
        return message.identities + [WireMessage.delimiter, Data(signature(parts).utf8)] + parts
    }
}

/// Makes the kernel's messages: a header of its own session for each, and the request it answers
/// as the parent.
struct MessageMaker: Sendable {
    let session = UUID().uuidString.lowercased()

    func message(_ type: String, content: [String: Any], parent: WireMessage?, identities: [Data] = []) -> WireMessage {
        let header: [String: Any] = [
            "msg_id": UUID().uuidString.lowercased(), "session": session, "username": "workbench",
            "date": Self.now(), "msg_type": type, "version": "5.3",
        ]
        return WireMessage(identities: identities, header: Self.json(header), parentHeader: parent?.header ?? Data("{}".utf8),
                           content: Self.json(content), type: type)
    }

    /// The reply to `request`, to the same client (its identities) with `request` as the parent.
    func reply(to request: WireMessage, _ type: String, content: [String: Any]) -> WireMessage {
        message(type, content: content, parent: request, identities: request.identities)
    }

    static func json(_ object: [String: Any]) -> Data {
        KernelJSON.data(object)
    }

    /// A header's `date` (ISO 8601, `2026-11-28T14:30:00.123456Z` or with `+00:00`) to the
    /// microsecond, which ISO8601DateFormatter cuts to the millisecond; nil for anything else.
    static func date(from text: String) -> Date? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/) else { return nil }
        var parts = tm()
        parts.tm_year = Int32(match.1)! - 1900
        parts.tm_mon = Int32(match.2)! - 1
        parts.tm_mday = Int32(match.3)!
        parts.tm_hour = Int32(match.4)!
        parts.tm_min = Int32(match.5)!
        parts.tm_sec = Int32(match.6)!
        var seconds = Double(timegm(&parts)) + (match.7.flatMap { Double("0" + $0) } ?? 0)
        if let zone = match.8, zone != "Z" {
            let digits = zone.filter(\.isNumber)
            let offset = (Double(digits.prefix(2))! * 60 + Double(digits.suffix(2))!) * 60
            seconds -= zone.hasPrefix("-") ? -offset : offset
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The time in ISO 8601 with microseconds, as the protocol's `date`: formatted by hand, as a
    /// new `ISO8601DateFormatter` for each message was most of an empty cell's time.
    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2)).\(padded(Int32(time.tv_nsec / 1000), 6))Z"
    }
}
