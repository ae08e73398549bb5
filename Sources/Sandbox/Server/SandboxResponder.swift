import HTTPTypes
import Hummingbird

/// What the server calls for each request: HEAD answered as GET without the body (as Express and
/// Flask answer it), everything else as the router routes it.
struct SandboxResponder: HTTPResponder {
    typealias Context = SandboxContext
    let router = SandboxRouter.responder()

    func respond(to request: Request, context: SandboxContext) async throws -> Response {
        guard request.method == .head else { return try await router.respond(to: request, context: context) }
        // The router routes by the request's method, so HEAD becomes GET before it sees the request.
        var head = request.head
        head.method = .get
        var context = context
        context.sentMethod = "HEAD"
        return try await router.respond(to: Request(head: head, body: request.body), context: context).createHeadResponse()
    }

    /// An API's answer as Hummingbird's response.
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

/// What the sandbox needs to know about a request besides the request: the connection it came on.
struct SandboxContext: RequestContext {
    /// Request bodies above this are refused; the sandbox only needs small JSON bodies.
    static let maximumBodySize = 8 * 1024 * 1024

    var coreContext: CoreRequestContextStorage
    /// The client's IP address, as httpbin's `origin` reports it.
    let remoteAddress: String
    /// The method of the request line where the router was given another (HEAD, answered as GET).
    var sentMethod: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "127.0.0.1"
    }

    var maxUploadSize: Int { Self.maximumBodySize }
}

extension SandboxRequest {
    /// Hummingbird's request as the APIs see it, with its body read.
    init(_ request: Request, context: SandboxContext, body: [UInt8]) {
        self.init(
            method: request.method.rawValue,
            sentMethod: context.sentMethod,
            target: request.uri.string,
            authority: request.head.authority,
            // HTTP/1's Host header arrives as the request's authority; httpbin echoes it as a header.
            headers: (request.head.authority.map { [(name: "Host", value: $0)] } ?? [])
                + request.headers.map { (name: $0.name.rawName, value: $0.value) },
            body: body,
            clientAddress: context.remoteAddress
        )
    }
}
