import Foundation
import NIOCore
import WorkbenchKit

/// httpbin's WebSocket endpoints, the sandbox's own (httpbin.org has none): `/ws/echo` sends each
/// message back as it came; `/ws/ticker?count=N&interval=S` sends N JSON ticks S seconds apart,
/// then closes with 1000 "done". Asked for without the upgrade, each answers 426 (HTTPBinAPI).
enum HTTPBinWebSockets {
    /// The largest message a socket takes: a client's big file, within reason.
    static let maxMessage = 32 << 20
    static let maxTicks = 100

    /// A socket's endpoint asked for without the upgrade (WebSocketUpgradeHandler takes the upgrade).
    static func upgradeRequired(_ request: SandboxRequest) -> SandboxResponse {
        let message = JSONValue.object([("error", .string("a WebSocket endpoint: open it with `ws sandbox/httpbin/ws/\(request.apiSegments[1])`"))])
        return SandboxResponse(status: 426, headers: [("Upgrade", "websocket"), ("Content-Type", "application/json")],
                               body: .bytes(message.rendered(pretty: true) + [0x0A]))
    }

    enum Kind: Equatable {
        case echo
        case ticker(count: Int, interval: Double)

        /// The socket a request target (`/httpbin/ws/ticker?count=3`) names; nil for any other.
        init?(target: String) {
            let components = URLComponents(string: target)
            switch components?.path {
            case "/httpbin/ws/echo": self = .echo
            case "/httpbin/ws/ticker":
                let value = { (name: String) in components?.queryItems?.first { $0.name == name }?.value }
                self = .ticker(count: min(max(value("count").flatMap(Int.init) ?? 5, 0), HTTPBinWebSockets.maxTicks),
                               interval: min(max(value("interval").flatMap(Double.init) ?? 1, 0), 10))
            default: return nil
            }
        }
    }
}

/// One of the sandbox's sockets on its connection, on the connection's event loop: frames read
/// with WorkbenchKit's reader, pings answered, a close answered and the connection ended.
final class SandboxWebSocket {
    private let context: ChannelHandlerContext
    private let kind: HTTPBinWebSockets.Kind
    private var reader = WebSocketFrameReader(limit: HTTPBinWebSockets.maxMessage)
    private var assembler = WebSocketMessageAssembler(limit: HTTPBinWebSockets.maxMessage)
    private var closing = false
    private var ticks: [Scheduled<Void>] = []

    init(context: ChannelHandlerContext, kind: HTTPBinWebSockets.Kind) {
        (self.context, self.kind) = (context, kind)
    }

    func start() {
        guard case .ticker(let count, let interval) = kind else { return }
        let loop = context.eventLoop.assumeIsolated()
        for tick in 0...count {
            // Tick N at N intervals; the close just after the last.
            let delay = TimeAmount.milliseconds(Int64(interval * 1000 * Double(tick + 1)) - (tick == count ? Int64(interval * 1000) - 1 : 0))
            ticks.append(loop.scheduleTask(in: delay) { [self] in
                if tick < count {
                    send(WebSocketFrame(.text, Array(#"{"tick": \#(tick + 1), "of": \#(count), "interval": \#(interval)}"#.utf8)))
                } else {
                    close(code: 1000, reason: "done")
                }
            })
        }
    }

    func stop() {
        for tick in ticks { tick.cancel() }
    }

    func receive(_ bytes: [UInt8]) {
        reader.append(bytes)
        do throws(WebSocketProtocolError) {
            while let frame = try reader.next() {
                guard let whole = try assembler.take(frame) else { continue }
                handle(whole)
            }
        } catch {
            close(code: error.code, reason: "")
        }
    }

    private func handle(_ frame: WebSocketFrame) {
        switch frame.opcode {
        case .text, .binary, .continuation:
            if kind == .echo, !closing { send(frame) }
        case .ping:
            send(WebSocketFrame(.pong, frame.payload))
        case .pong:
            break
        case .close:
            // The client's answer to ours, or its own close, answered with its code.
            if !closing { send(WebSocketFrame(.close, Array(frame.payload.prefix(2)))) }
            closing = true
            stop()
            context.close(promise: nil)
        }
    }

    /// Sends a close frame; the connection ends when the client answers, or after two seconds.
    private func close(code: Int, reason: String) {
        guard !closing else { return }
        closing = true
        stop()
        send(WebSocketFrame(.close, WebSocketFrame.closePayload(code: code, reason: reason)))
        let context = context
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { context.close(promise: nil) }
    }

    private func send(_ frame: WebSocketFrame) {
        context.writeAndFlush(NIOAny(ByteBuffer(bytes: frame.encoded(mask: nil))), promise: nil)
    }
}
