import Foundation

/// One WebSocket frame (RFC 6455, section 5.2): FIN, an opcode and the payload, unmasked. The
/// client's frames and, in the sandbox, the server's (`package`).
package struct WebSocketFrame: Equatable, Sendable {
    package enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10

        package var isControl: Bool { rawValue >= 8 }
    }

    package var isFinal: Bool
    package var opcode: Opcode
    package var payload: [UInt8]

    package init(_ opcode: Opcode, _ payload: [UInt8], isFinal: Bool = true) {
        (self.opcode, self.payload, self.isFinal) = (opcode, payload, isFinal)
    }

    /// The frame as sent: masked with `mask` as a client must (the key is random, so that a proxy
    /// cannot be made to cache what a client sends); a server's, `nil`, is not.
    package func encoded(mask: [UInt8]?) -> [UInt8] {
        let masked: UInt8 = mask == nil ? 0 : 0x80
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | opcode.rawValue]
        let count = payload.count
        if count < 126 {
            bytes.append(masked | UInt8(count))
        } else if count <= 0xFFFF {
            bytes += [masked | 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(masked | 127)
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: UInt64(count) >> (56 - 8 * UInt64($0))) }
        }
        guard let mask else { return bytes + payload }
        bytes += mask
        bytes.reserveCapacity(bytes.count + count)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
        return bytes
    }

    /// A close frame's payload: the code (big-endian) and the reason in UTF-8.
    package static func closePayload(code: Int, reason: String) -> [UInt8] {
        [UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    }
}

/// Why the server's bytes are not WebSocket frames: the close code the client answers with
/// (1002 protocol error, 1009 too big, 1007 not UTF-8) and what was wrong.
package struct WebSocketProtocolError: Error, Equatable {
    package let code: Int
    package let message: String
}

/// Frames read from the bytes the server sends, which arrive in pieces of any size.
package struct WebSocketFrameReader {
    /// The largest payload taken (`set max-body`); a larger one is refused before it is read.
    let limit: Int
    /// A client's reader: a server's frames must not be masked (RFC 6455, 5.1).
    let refusesMasked: Bool
    private var buffer: [UInt8] = []
    private var start = 0

    package init(limit: Int, refusesMasked: Bool = false) {
        (self.limit, self.refusesMasked) = (limit, refusesMasked)
    }

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        // What was read is dropped once it is most of the buffer: a stream that keeps ending
        // inside a frame would otherwise keep every byte.
        if start > 0 && (start == buffer.count || start >= 1 << 16 && start * 2 >= buffer.count) {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or nil until more bytes arrive.
    package mutating func next() throws(WebSocketProtocolError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw WebSocketProtocolError(code: 1002, message: "a frame uses an extension that was not agreed (RSV bits set)") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw WebSocketProtocolError(code: 1002, message: "unknown frame opcode \(first & 0x0F)")
        }
        let isFinal = first & 0x80 != 0
        var header = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            let wide = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
            guard wide <= UInt64(Int.max / 2) else { throw WebSocketProtocolError(code: 1009, message: "a frame of \(wide) bytes") }
            length = Int(wide)
            header = 10
        }
        if opcode.isControl {
            guard isFinal, length <= 125 else { throw WebSocketProtocolError(code: 1002, message: "a control frame that is fragmented or longer than 125 bytes") }
        }
        guard length <= limit else {
            throw WebSocketProtocolError(code: 1009, message: "a frame of \(ByteSize.text(length)) is larger than max-body (\(ByteSize.text(limit)))")
        }
        let masked = second & 0x80 != 0
        if masked && refusesMasked { throw WebSocketProtocolError(code: 1002, message: "the server masked a frame") }
        let total = header + (masked ? 4 : 0) + length
        guard available >= total else { return nil }
        var payload = Array(buffer[(start + header + (masked ? 4 : 0))..<(start + total)])
        if masked {
            // A client's frames, as the sandbox reads them.
            let mask = Array(buffer[(start + header)..<(start + header + 4)])
            for index in payload.indices { payload[index] ^= mask[index & 3] }
        }
        start += total
        return WebSocketFrame(opcode, payload, isFinal: isFinal)
    }

    /// The bytes not yet read as frames.
    var pending: Int { buffer.count - start }
}

/// Messages put together from frames: a text or binary frame, or one followed by continuation
/// frames up to the final one; control frames come between them and are handed on at once.
package struct WebSocketMessageAssembler {
    let limit: Int
    private var partial: (opcode: WebSocketFrame.Opcode, bytes: [UInt8])?

    package init(limit: Int) { self.limit = limit }

    /// A whole message (its opcode, text or binary, and bytes) or a control frame; nil while a
    /// fragmented message is still coming.
    package mutating func take(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> WebSocketFrame? {
        if frame.opcode.isControl { return frame }
        switch (frame.opcode, partial) {
        case (.continuation, nil):
            throw WebSocketProtocolError(code: 1002, message: "a continuation frame with no message to continue")
        case (.continuation, var message?):
            message.bytes += frame.payload
            guard message.bytes.count <= limit else {
                throw WebSocketProtocolError(code: 1009, message: "a message of more than max-body (\(ByteSize.text(limit)))")
            }
            partial = frame.isFinal ? nil : message
            return frame.isFinal ? WebSocketFrame(message.opcode, message.bytes) : nil
        case (_, _?):
            throw WebSocketProtocolError(code: 1002, message: "a new message began before the last one ended")
        default:
            if frame.isFinal { return frame }
            partial = (frame.opcode, frame.payload)
            return nil
        }
    }
}
