import CurlOnDemand
import Testing

/// The definitions the `workbench` executable uses instead of libcurl's (Sources/CurlOnDemand):
/// linked here the same way, each call opens libcurl on first use and reaches the real function.
/// (The variadic three, `curl_easy_setopt` and its kin, cannot be called from Swift; the release
/// binary's every request goes through them.)
@Suite struct CurlOnDemandTests {
    @Test func callsReachTheRealLibcurl() throws {
        let version = String(cString: try #require(curl_version()))
        #expect(version.hasPrefix("libcurl/"))
        #expect(String(cString: try #require(curl_easy_strerror(CURLE_OK))) == "No error")
        #expect(curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK)
        let handle = try #require(curl_easy_init())
        curl_easy_cleanup(handle)
    }

    @Test func aURLRoundTripsThroughLibcurlsParser() throws {
        let url = try #require(curl_url())
        #expect(curl_url_set(url, CURLUPART_URL, "http://example.com:8080/a/../b?x=1", 0) == CURLUE_OK)
        var path: UnsafeMutablePointer<CChar>?
        #expect(curl_url_get(url, CURLUPART_PATH, &path, 0) == CURLUE_OK)
        #expect(path.map { String(cString: $0) } == "/b")
        curl_free(path)
        var list = curl_slist_append(nil, "Accept: */*")
        list = curl_slist_append(list, "X-A: 1")
        #expect(list.map { String(cString: $0.pointee.data) } == "Accept: */*")
        curl_slist_free_all(list)
    }
}
