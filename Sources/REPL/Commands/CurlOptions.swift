/// Every option curl 7.88 lists (`curl --help all`), by what it does in a pasted command: a
/// command from documentation or a browser carries options of every kind, and one that only
/// changes what curl prints must not refuse the whole request.
enum CurlOptions {
    /// Each short option's long name.
    static let long: [String: String] = [
        "-a": "--append", "-E": "--cert", "-K": "--config", "-C": "--continue-at", "-b": "--cookie", "-c": "--cookie-jar",
        "-d": "--data", "-q": "--disable", "-D": "--dump-header", "-f": "--fail", "-F": "--form", "-P": "--ftp-port",
        "-G": "--get", "-g": "--globoff", "-I": "--head", "-H": "--header", "-h": "--help", "-0": "--http1.0",
        "-i": "--include", "-k": "--insecure", "-4": "--ipv4", "-6": "--ipv6", "-j": "--junk-session-cookies",
        "-l": "--list-only", "-L": "--location", "-M": "--manual", "-m": "--max-time", "-n": "--netrc", "-:": "--next",
        "-N": "--no-buffer", "-o": "--output", "-Z": "--parallel", "-#": "--progress-bar", "-x": "--proxy",
        "-U": "--proxy-user", "-p": "--proxytunnel", "-Q": "--quote", "-r": "--range", "-e": "--referer",
        "-J": "--remote-header-name", "-O": "--remote-name", "-R": "--remote-time", "-X": "--request", "-S": "--show-error",
        "-s": "--silent", "-Y": "--speed-limit", "-y": "--speed-time", "-2": "--sslv2", "-3": "--sslv3",
        "-t": "--telnet-option", "-z": "--time-cond", "-1": "--tlsv1", "-T": "--upload-file", "-B": "--use-ascii",
        "-u": "--user", "-A": "--user-agent", "-v": "--verbose", "-V": "--version", "-w": "--write-out",
    ]

    /// The options that take a value (the next word, or the rest of a short option's word).
    static let valued: Set<String> = [
        "--abstract-unix-socket", "--alt-svc", "--aws-sigv4", "--cacert", "--capath", "--cert", "--cert-type", "--ciphers",
        "--config", "--connect-timeout", "--connect-to", "--continue-at", "--cookie", "--cookie-jar", "--create-file-mode",
        "--crlfile", "--curves", "--data", "--data-ascii", "--data-binary", "--data-raw", "--data-urlencode", "--delegation",
        "--dns-interface", "--dns-ipv4-addr", "--dns-ipv6-addr", "--dns-servers", "--doh-url", "--dump-header", "--egd-file",
        "--engine", "--etag-compare", "--etag-save", "--expect100-timeout", "--form", "--form-string", "--ftp-account",
        "--ftp-alternative-to-user", "--ftp-method", "--ftp-port", "--ftp-ssl-ccc-mode", "--happy-eyeballs-timeout-ms",
        "--header", "--hostpubmd5", "--hostpubsha256", "--hsts", "--interface", "--json", "--keepalive-time", "--key",
        "--key-type", "--krb", "--libcurl", "--limit-rate", "--local-port", "--login-options", "--mail-auth", "--mail-from",
        "--mail-rcpt", "--max-filesize", "--max-redirs", "--max-time", "--netrc-file", "--noproxy", "--oauth2-bearer",
        "--output", "--output-dir", "--parallel-max", "--pass", "--pinnedpubkey", "--preproxy", "--proto", "--proto-default",
        "--proto-redir", "--proxy", "--proxy-cacert", "--proxy-capath", "--proxy-cert", "--proxy-cert-type",
        "--proxy-ciphers", "--proxy-crlfile", "--proxy-header", "--proxy-key", "--proxy-key-type", "--proxy-pass",
        "--proxy-pinnedpubkey", "--proxy-service-name", "--proxy-tls13-ciphers", "--proxy-tlsauthtype",
        "--proxy-tlspassword", "--proxy-tlsuser", "--proxy-user", "--proxy1.0", "--pubkey", "--quote", "--random-file",
        "--range", "--rate", "--referer", "--request", "--request-target", "--resolve", "--retry", "--retry-delay",
        "--retry-max-time", "--sasl-authzid", "--service-name", "--socks4", "--socks4a", "--socks5", "--socks5-gssapi-service",
        "--socks5-hostname", "--speed-limit", "--speed-time", "--stderr", "--telnet-option", "--tftp-blksize", "--time-cond",
        "--tls-max", "--tls13-ciphers", "--tlsauthtype", "--tlspassword", "--tlsuser", "--trace", "--trace-ascii",
        "--unix-socket", "--upload-file", "--url", "--url-query", "--user", "--user-agent", "--write-out",
    ]

    /// Options that change only what curl prints or writes, how it paces, retries or times its
    /// transfer, which protocol version it prefers, or how it checks TLS: the request sent is the
    /// same, so they are accepted and change nothing (Workbench shows the exchange its own way).
    static let noEffect: Set<String> = [
        "--alt-svc", "--basic", "--cert-status", "--ciphers", "--compressed", "--connect-timeout",
        "--create-file-mode", "--crlfile", "--curves", "--disable", "--disallow-username-in-url", "--dns-interface",
        "--dns-ipv4-addr", "--dns-ipv6-addr", "--dns-servers", "--doh-cert-status", "--doh-insecure", "--doh-url",
        "--dump-header", "--egd-file", "--engine", "--etag-save", "--expect100-timeout", "--fail-early",
        "--fail-with-body", "--false-start", "--globoff", "--happy-eyeballs-timeout-ms", "--hsts", "--http0.9", "--http1.1", "--http2",
        "--ignore-content-length", "--include", "--ipv4", "--ipv6", "--junk-session-cookies", "--keepalive-time",
        "--libcurl", "--limit-rate", "--max-filesize", "--max-redirs", "--no-alpn", "--no-keepalive",
        "--no-npn", "--no-progress-meter", "--no-sessionid", "--noproxy", "--parallel",
        "--parallel-immediate", "--parallel-max", "--path-as-is", "--pinnedpubkey", "--post301", "--post302", "--post303",
        "--progress-bar", "--proto", "--proto-default", "--proto-redir", "--random-file", "--rate", "--raw",
        "--remote-time", "--remove-on-error", "--retry",
        "--retry-all-errors", "--retry-connrefused", "--retry-delay", "--retry-max-time", "--show-error", "--silent",
        "--speed-limit", "--speed-time", "--ssl", "--ssl-allow-beast", "--ssl-auto-client-cert", "--ssl-no-revoke",
        "--ssl-reqd", "--ssl-revoke-best-effort", "--sslv2", "--sslv3", "--stderr", "--styled-output",
        "--suppress-connect-headers", "--tcp-fastopen", "--tcp-nodelay", "--tls-max", "--tls13-ciphers", "--tlsv1",
        "--tlsv1.0", "--tlsv1.1", "--tlsv1.2", "--tlsv1.3", "--trace", "--trace-ascii", "--trace-time", "--verbose",
        "--write-out", "--xattr",
    ]

    /// Options that change the request, or where it goes, in a way Workbench cannot: the command is
    /// refused with the reason, and nothing is sent.
    static func refusal(_ option: String) -> String? {
        if option.hasPrefix("--proxy") || option.hasPrefix("--socks") || ["--preproxy", "--proxytunnel"].contains(option) {
            return "a proxy is not taken here: Workbench connects to the server itself"
        }
        if option.hasPrefix("--ftp-") || option.hasPrefix("--mail-") || option.hasPrefix("--tftp-") || option.hasPrefix("--sasl-")
            || ["--append", "--list-only", "--use-ascii", "--crlf", "--quote", "--telnet-option", "--disable-eprt", "--disable-epsv",
                "--pubkey", "--hostpubmd5", "--hostpubsha256", "--compressed-ssh", "--krb", "--login-options", "--delegation",
                "--service-name", "--tlsauthtype", "--tlsuser", "--tlspassword"].contains(option) {
            return "an option of curl's other protocols (FTP, mail, SSH, TELNET, TFTP): Workbench sends HTTP"
        }
        switch option {
        case "--cert", "--key", "--cert-type", "--key-type", "--pass":
            return "a client certificate is not taken here: URLSession on Linux cannot present one"
        case "--cacert", "--capath":
            return "URLSession on Linux trusts only the system's CA store: add the CA there (`help curl`, docs/prompt.md)"
        case "--ntlm", "--ntlm-wb", "--negotiate", "--anyauth", "--aws-sigv4":
            return "only Basic and Digest authentication are taken here (-u user:password, with --digest); this scheme answers the server's challenge"
        case "--netrc", "--netrc-file", "--netrc-optional":
            return "credentials are not read from .netrc here: write -u user:password"
        case "--config": return "options read from a file are not taken here: paste them into the command"
        case "--next": return "one request at a time: paste each curl command alone"
        case "--unix-socket", "--abstract-unix-socket", "--connect-to", "--resolve", "--interface", "--local-port", "--haproxy-protocol":
            return "Workbench connects to the URL's host and port itself"
        case "--http1.0", "--http2-prior-knowledge", "--http3", "--http3-only":
            return "Workbench sends HTTP/1.1 (or HTTP/2 where libcurl negotiates it over TLS)"
        case "--continue-at", "--time-cond", "--etag-compare", "--request-target", "--tr-encoding", "--form-escape":
            return "not taken here: write the header or URL it stands for"
        case "--help", "--manual", "--version": return "that is curl's own help"
        case "--metalink": return "curl itself no longer takes it"
        default: return nil
        }
    }
}
