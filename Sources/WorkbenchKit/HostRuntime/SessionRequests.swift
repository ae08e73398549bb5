import Foundation

/// The requests the session's own code makes through any `URLSession` in the Swift host, which
/// join the REPL's history as `wb`'s do (docs/swift.md, "From a tutorial"). The host program hands each
/// finished one over (Sources/WorkbenchHost/curl.c); it is written as an exchange, one file each, into
/// the folder `PromptFiles.sessionRequests`, which the REPL empties into its history before each
/// input (`SwiftHost.takeSessionRequests`).
/// Not recorded: `wb`'s own sends (they are in the history already), sends while earlier inputs run
/// again quietly, and a redirect's intermediate answers (the request's last answer is).
enum SessionRequests {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var recording = true
    nonisolated(unsafe) private static var workbenchSends: [String: Int] = [:]
    nonisolated(unsafe) private static var written = 0
    nonisolated(unsafe) private static var folderMade = false
    nonisolated(unsafe) private static var isEnabled = true

    /// Whether the session records them at all (`PromptSettings.recordsSessionRequests`).
    static var enabled: Bool {
        get { lock.withLock { isEnabled } }
        set { lock.withLock { isEnabled = newValue } }
    }

    /// Off while earlier inputs run again quietly: a request that starts then is not recorded.
    static func record(_ on: Bool) {
        lock.withLock { recording = on }
    }

    static var isRecording: Bool { lock.withLock { recording && isEnabled } }

    /// `wb`'s transport sends `url` (as given to URLSession) until `finished`.
    static func workbenchSends(_ url: URL?) {
        guard let key = url?.absoluteString else { return }
        lock.withLock { workbenchSends[key, default: 0] += 1 }
    }

    static func workbenchFinished(_ url: URL?) {
        guard let key = url?.absoluteString else { return }
        lock.withLock {
            workbenchSends[key, default: 1] -= 1
            if workbenchSends[key] == 0 { workbenchSends[key] = nil }
        }
    }

    static func ended(url text: String, method: String, status: Int, headerBlock: String, body: Data, milliseconds: Int) {
        guard ![301, 302, 303, 307, 308].contains(status) else { return }
        let skip = lock.withLock { workbenchSends[text] != nil }
        guard !skip, let url = URL(string: text), let folder = PromptFiles.current.url?.appendingPathComponent(PromptFiles.sessionRequests)
        else { return }
        let total = Duration.milliseconds(milliseconds)
        let exchange = Exchange(
            number: 0, method: method, url: url, requestHeaders: HeaderList(), requestBody: nil,
            response: Response(statusCode: status, headers: headers(of: headerBlock), body: body, url: url),
            timing: Exchange.Timing(sentAt: Date(timeIntervalSinceNow: -Double(milliseconds) / 1000), headers: nil, total: total),
            offline: HostOfflineRoutes.route(text) != nil)
        let bytes = PromptEvent.bytes([.exchange(exchange)])
        lock.withLock {
            written += 1
            if !folderMade { folderMade = (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil }
            // Named in order, also across a host started again; written whole before the REPL can
            // see it: written under a name it does not read, then renamed.
            let name = String(format: "%017.6f-%09d", Date().timeIntervalSince1970, written)
            let partial = folder.appendingPathComponent("." + name).path
            let file = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard file >= 0 else { return }
            let complete = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count
            close(file)
            if complete { rename(partial, folder.appendingPathComponent(name + ".bin").path) } else { unlink(partial) }
        }
    }

    /// The fields of the last header block (a redirect or `100 Continue` sends more than one).
    static func headers(of block: String) -> HeaderList {
        var fields = HeaderList()
        for line in block.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("HTTP/") {
                fields = HeaderList()
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }
        return fields
    }
}

/// Whether a request starting now is recorded (Sources/WorkbenchHost/curl.c asks as it starts one).
@_cdecl("workbench_host_records_requests")
public func workbenchHostRecordsRequests() -> Int32 {
    SessionRequests.isRecording ? 1 : 0
}

@_cdecl("workbench_host_transfer_ended")
public func workbenchHostTransferEnded(_ url: UnsafePointer<CChar>, _ method: UnsafePointer<CChar>, _ status: Int,
                                       _ headers: UnsafePointer<CChar>?, _ headersLength: Int,
                                       _ body: UnsafePointer<CChar>?, _ bodyLength: Int, _ milliseconds: Int) {
    let headerBlock = headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: headersLength), as: UTF8.self) } ?? ""
    let bytes = body.map { Data(bytes: $0, count: bodyLength) } ?? Data()
    SessionRequests.ended(url: String(cString: url), method: String(cString: method), status: status, headerBlock: headerBlock,
                          body: bytes, milliseconds: milliseconds)
}
