import Testing
@testable import WorkbenchScript

/// Which input's code a trap report points at (SwiftHost+WorkLeftRunning.swift): the outermost
/// frame in an input's library, the one that started the work.
@Suite struct HostTrapSiteTests {
    @Test func theOutermostInputLibraryOfTheStackIsTheSite() {
        let report = """
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
            Current stack trace:
            0    libswiftCore.so                    0x00007f99c3f5f130 swift_reportError + 33
            4    libswiftSwiftOnoneSupport.so       0x00007f99c3906f65 <unavailable> + 175973
            5    lib__wb_in3.so                     0x00007f99c348ac5c <unavailable> + 11356
            6    lib__wb_in12.so                    0x00007f99c348ac5c <unavailable> + 4411
            7    libswift_Concurrency.so            0x00007f99c38a6e60 <unavailable> + 466528
            """
        #expect(HostTrapSite.module(in: report) == "__wb_in12")
    }

    @Test(arguments: ["", "Fatal error: Index out of range", "lib__wb_in.so", "lib__wb_inX.so", "__wb_in4.so"])
    func withoutAnInputLibraryThereIsNoSite(_ report: String) {
        #expect(HostTrapSite.module(in: report) == nil)
    }
}
