import Foundation
import FuzzSupport
import WorkbenchKit

/// JSON bytes through the parser, the printer (both layouts, themed, cut) and the validator, checked
/// against each other and against Foundation's JSONSerialization: they must agree on validity, and
/// what the printer prints must parse again to the same compact text.
// Also under libFuzzer's name: the toolchain links its `main` (unused: SwiftPM's `main` wins), which names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(FuzzSupport.bytes(data, size))
    let strict = try? JSONDocument(parsing: bytes, options: .foundationCompatible)
    _ = try? JSONDocument(parsing: bytes)
    let validates = (try? JSONValidator.validate(Data(bytes))) != nil
    var compact: [UInt8] = []
    let printsCompact = (try? JSONPrinter(layout: .compact).format(bytes, into: &compact)) != nil
    if validates != printsCompact { fatalError("validator says \(validates), printer says \(printsCompact)") }
    var pretty: [UInt8] = []
    let printsPretty = (try? JSONPrinter(theme: .standard, lineLimit: 7).format(bytes, into: &pretty)) != nil
    if printsPretty != printsCompact { fatalError("pretty printer says \(printsPretty), compact says \(printsCompact)") }
    if printsCompact {
        // The compact text is JSON again and prints to itself.
        var again: [UInt8] = []
        guard (try? JSONPrinter(layout: .compact).format(compact, into: &again)) != nil else {
            fatalError("printed JSON does not parse: \(String(decoding: compact, as: UTF8.self))")
        }
        if again != compact { fatalError("printing is not stable: \(String(decoding: compact, as: UTF8.self))") }
    }
    // Foundation's JSONDecoder scans the whole document before decoding and checks strings and
    // numbers only when they are read: `.foundationDecoding` claims to accept exactly that.
    let decoderScan = (try? JSONDecoder().decode(NothingRead.self, from: Data(bytes))) != nil
    let deferred = (try? JSONDocument(parsing: bytes, options: .foundationDecoding)) != nil
    // Foundation's scanner reads a NUL byte after a number inconsistently ("1\0" and "-\0" pass,
    // "1\0\0" and "[1\0]" fail): a quirk of the reference, not something to copy.
    if decoderScan != deferred && !bytes.contains(0) {
        fatalError("JSONDecoder's scan says \(decoderScan), .foundationDecoding says \(deferred)")
    }
    if let strict { _ = strict.root.kind }
    return 0
}

/// A value whose decoding reads nothing: only the decoder's scan of the document can fail it.
struct NothingRead: Decodable {
    init(from decoder: any Decoder) throws {}
}

@_cdecl("FuzzJSON_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    MainActor.assumeIsolated { FuzzSupport.main(argc, argv, fuzzJSON) }
}
