import Foundation
import HummingbirdCore
import Logging
import NIOCore
import WorkbenchKit

/// The sandbox's connections: HTTP/1.1 as Hummingbird serves it, after `WebSocketUpgradeHandler`
/// has looked at the first request, which takes a WebSocket upgrade to one of the sandbox's
/// sockets (`HTTPBinWebSockets`) for itself. Hummingbird's own upgrade (hummingbird-websocket and
/// the packages under it) would lengthen a fresh `make build` past what a class can wait for.
struct SandboxChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let http: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(WebSocketUpgradeHandler(), position: .first)
        }.flatMap { self.http.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

/// First in a connection's pipeline: holds the first request's head until it is whole; an
/// upgrade to a sandbox socket is answered `101` here and the connection becomes that socket
/// (the HTTP handlers behind it never see a byte); anything else goes on to HTTP unchanged, and
/// this handler leaves the pipeline.
final class WebSocketUpgradeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var head: [UInt8] = []
    private var passing = false
    private var socket: SandboxWebSocket?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if passing { return context.fireChannelRead(data) }
        var buffer = unwrapInboundIn(data)
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        if let socket { return socket.receive(bytes) }
        head += bytes
        // Only a GET asks for an upgrade: any other request goes on at once.
        let get = Array("GET ".utf8)
        guard head.count < get.count ? get.starts(with: head) : head.starts(with: get) else { return passOn(context) }
        guard let end = Self.headerEnd(head) else {
            if head.count > 16 * 1024 { passOn(context) }
            return
        }
        guard let upgrade = UpgradeRequest(Array(head[..<end])), let kind = HTTPBinWebSockets.Kind(target: upgrade.target) else {
            return passOn(context)
        }
        let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(upgrade.accept)\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
        let socket = SandboxWebSocket(context: context, kind: kind)
        self.socket = socket
        let rest = Array(head[(end + 4)...])
        head = []
        socket.start()
        if !rest.isEmpty { socket.receive(rest) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        socket?.stop()
        socket = nil  // it holds the context, which holds this handler
        context.fireChannelInactive()
    }

    private func passOn(_ context: ChannelHandlerContext) {
        passing = true
        let bytes = head
        head = []
        context.fireChannelRead(wrapInboundOut(ByteBuffer(bytes: bytes)))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}

/// A request head that asks for a WebSocket (RFC 6455, 4.2.1): its target and the accept key.
struct UpgradeRequest {
    let target: String
    let accept: String

    init?(_ head: [UInt8]) {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        guard parts.count == 3, parts[0] == "GET" else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["upgrade"]?.lowercased() == "websocket", fields["connection"]?.lowercased().contains("upgrade") == true,
              fields["sec-websocket-version"] == "13", let key = fields["sec-websocket-key"], !key.isEmpty else { return nil }
        target = String(parts[1])
        accept = WebSocketHandshake.accept(for: key)
    }
}
