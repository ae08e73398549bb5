import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's delegate: routes each task's events to its `InFlightRequest`.
final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [Int: InFlightRequest] = [:]

    func register(_ request: InFlightRequest, for task: URLSessionTask) {
        lock.withLock { requests[task.taskIdentifier] = request }
    }

    private func request(for task: URLSessionTask) -> InFlightRequest? {
        lock.withLock { requests[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // URLSession on Linux ignores the disposition; a refused response is cancelled instead.
        request(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        request(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The 3xx's cookies count even when it is not followed (/cookies/set redirects to /cookies).
        let inFlight = self.request(for: task)
        inFlight?.storesCookies?.store(from: response)
        var request = request
        if let jar = inFlight?.sendsCookies, let url = request.url {
            // The new request carries the old one's Cookie header: the jar decides it again for the new URL.
            request.setValue(jar.header(for: url), forHTTPHeaderField: "Cookie")
        }
        // Answering nil makes the 3xx itself the response.
        completionHandler(inFlight?.followRedirects == false ? nil : request)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Left unanswered, a 401 with WWW-Authenticate hangs the task forever on 6.3.1
        // (docs/ARCHITECTURE.md, "URLSession on Linux").
        request(for: task)?.challengeFailed(challenge.failureResponse)
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let finished = lock.withLock { requests.removeValue(forKey: task.taskIdentifier) }
        finished?.completed(error)
    }
}
