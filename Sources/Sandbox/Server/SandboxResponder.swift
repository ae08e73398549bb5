import HTTPTypes
import Hummingbird

/// Turns Hummingbird requests into `SandboxRequest`s, routes them by API prefix, and writes the answers.
struct SandboxResponder: HTTPResponder {
    typealias Context = SandboxConnection

    /// Request bodies above this are refused; the sandbox only needs small JSON bodies.
    static let maximumBodySize = 8 * 1024 * 1024

    func respond(to request: Request, context: SandboxConnection) async throws -> Response {
        var request = request
        let body: [UInt8]
        do {
            body = Array(try await request.collectBody(upTo: Self.maximumBodySize).readableBytesView)
        } catch {
            return Self.response(from: .error(413, "request body is larger than \(Self.maximumBodySize) bytes"))
        }
        let sandboxRequest = SandboxRequest(
            method: request.method.rawValue,
            target: request.uri.string,
            authority: request.head.authority,
            // HTTP/1's Host header arrives as the request's authority; httpbin echoes it as a header.
            headers: (request.head.authority.map { [(name: "Host", value: $0)] } ?? [])
                + request.headers.map { (name: $0.name.rawName, value: $0.value) },
            body: body,
            clientAddress: context.remoteAddress
        )
        let answer = await SandboxRouter.respond(to: sandboxRequest)
        return Self.response(from: answer)
    }

    static func response(from answer: SandboxResponse) -> Response {
        var fields = HTTPFields()
        for header in answer.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let status = HTTPResponse.Status(code: answer.status)
        switch answer.body {
        case .bytes(let bytes):
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .stream(let produce):
            // No content length: HTTP/1.1 sends it chunked, one chunk per write.
            let body = ResponseBody { writer in
                try await produce { chunk in try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            }
            return Response(status: status, headers: fields, body: body)
        }
    }
}

/// What the sandbox needs to know about the connection a request came on.
struct SandboxConnection: InitializableFromSource {
    /// The client's IP address, as httpbin's `origin` reports it.
    let remoteAddress: String

    init(source: ApplicationRequestContextSource) {
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "127.0.0.1"
    }
}
